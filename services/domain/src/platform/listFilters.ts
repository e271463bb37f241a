import { z } from 'zod';

/**
 * The values a console list's make, model and year filters offer: those its records hold (spec 001, "Sell Car
 * Admin": dropdowns for make, model and year). Models are those of the chosen make when one is given.
 */
export const ListFilterValuesSchema = z
  .object({
    make: z.array(z.string()),
    model: z.array(z.string()),
    year: z.array(z.string()),
  })
  .meta({ id: 'ListFilterValues' });
export type ListFilterValues = z.infer<typeof ListFilterValuesSchema>;

/** The make whose models to list: optional, named as the lists' own make filter is. */
export const ListFilterValuesQuerySchema = z.object({ make: z.string().trim().max(60, 'Make must be at most 60 characters').optional() });
