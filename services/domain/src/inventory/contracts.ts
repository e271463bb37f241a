import { z } from 'zod';
import { CURRENCY_CODES } from '../money/currencies';
import { COLLECTION_IDS, INVENTORY_TAB_IDS } from './tabs';
import { BODY_TYPES, FUEL_TYPES, VEHICLE_CONDITIONS } from './kinds';
import { VEHICLE_PRICE_MAX } from './vehicle';
import { EV_RANGE_KM_MAX, IMPORT_STATUSES } from './vehicleRecord';

/**
 * What the catalogue's public answers look like: the API checks its queries and answers with these schemas, and
 * the storefront takes their types (type-only imports: the storefront ships none of this code).
 */

export const VEHICLE_SORTS = ['newest', 'price-asc', 'price-desc', 'year-desc', 'year-asc', 'rating'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

export const VehicleSearchQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    tab: z.enum(INVENTORY_TAB_IDS, { error: `tab must be one of: ${INVENTORY_TAB_IDS.join(', ')}` }).optional(),
    collection: z.enum(COLLECTION_IDS, { error: `collection must be one of: ${COLLECTION_IDS.join(', ')}` }).optional(),
    make: z.string().trim().max(60).optional(),
    model: z.string().trim().max(60).optional(),
    yearMin: z.coerce.number().int().min(1900).max(2100).optional(),
    yearMax: z.coerce.number().int().min(1900).max(2100).optional(),
    priceMin: z.coerce.number().min(0).max(VEHICLE_PRICE_MAX).optional(),
    priceMax: z.coerce.number().min(0).max(VEHICLE_PRICE_MAX).optional(),
    currency: z.enum(CURRENCY_CODES, { error: `currency must be one of: ${CURRENCY_CODES.join(', ')}` }).default('NGN'),
    condition: z.enum(VEHICLE_CONDITIONS).optional(),
    fuel: z.enum(FUEL_TYPES).optional(),
    body: z.enum(BODY_TYPES).optional(),
    location: z.string().trim().max(80).optional(),
    rangeMin: z.coerce.number().int().min(0).max(EV_RANGE_KM_MAX).optional().describe('Driving range on electricity of at least this many km'),
    featured: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
    sort: z.enum(VEHICLE_SORTS, { error: `sort must be one of: ${VEHICLE_SORTS.join(', ')}` }).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(60).default(24),
  })
  .refine((query) => query.yearMin === undefined || query.yearMax === undefined || query.yearMin <= query.yearMax, { path: ['yearMax'], message: 'yearMax must not be below yearMin' })
  .refine((query) => query.priceMin === undefined || query.priceMax === undefined || query.priceMin <= query.priceMax, { path: ['priceMax'], message: 'priceMax must not be below priceMin' });
export type VehicleSearchQuery = z.output<typeof VehicleSearchQuerySchema>;

const PriceSchema = z.object({ amount: z.number(), currency: z.string() });

/**
 * The finance terms a figure assumes (issue 18.4): the installation's APR and term (FINANCE_APR_PERCENT,
 * FINANCE_TERM_MONTHS), the deposit share cards assume and the terms a buyer may choose. The storefront computes
 * the monthly figure with the domain's monthlyPayment from these.
 */
export const FinanceTermsSchema = z
  .object({ aprPercent: z.number(), termMonths: z.number(), depositShare: z.number(), termsMonths: z.array(z.number()) })
  .meta({ id: 'FinanceTerms' });
export type FinanceTermsAnswer = z.output<typeof FinanceTermsSchema>;

/** A vehicle's condition, make-up and whereabouts, as both the storefront's cards and the console's catalogue show them. */
export const VehicleSpecFields = {
  condition: z.string(),
  fuelType: z.string(),
  bodyType: z.string(),
  transmission: z.string(),
  odometerKm: z.number(),
  location: z.object({ city: z.string(), country: z.string() }),
};

export const VehicleSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subtitle: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    category: z.string(),
    price: PriceSchema.describe('As listed'),
    image: z.object({ url: z.string(), alt: z.string() }).nullable(),
    rating: z.number(),
    reviewCount: z.number(),
    ...VehicleSpecFields,
    inStock: z.boolean(),
    isNew: z.boolean(),
    isFeatured: z.boolean(),
    importStatus: z.enum(IMPORT_STATUSES),
    expectedArrival: z.string().nullable().describe('YYYY-MM-DD, for a vehicle in transit or on order'),
    evRangeKm: z.number().nullable().describe('Driving range on electricity, electric and plug-in cars'),
    features: z.array(z.string()),
    specifications: z.array(z.object({ name: z.string(), value: z.string() })),
    // Last: the one value a card's JSON changes per request, so the search from memory copies all before it at once.
    displayPrice: PriceSchema.describe('Converted into the requested currency at the current rates'),
  })
  .meta({ id: 'VehicleSummary' });
export type VehicleSummary = z.output<typeof VehicleSummarySchema>;

export const VehicleDetailSchema = VehicleSummarySchema.extend({
  description: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string(), isPrimary: z.boolean().optional() })),
  specifications: z.array(z.object({ name: z.string(), value: z.string(), category: z.string() })),
  featureDetails: z.array(z.object({ name: z.string(), description: z.string(), category: z.string() })),
  sourceUrl: z.string(),
  vin: z.string().describe('Empty when not known yet'),
  trim: z.string(),
  pricing: z
    .object({ min: z.number(), max: z.number(), currency: z.string(), reservationAmount: z.number(), note: z.string() })
    .nullable()
    .describe('As staff keep it; null when the vehicle has none (the page then shows its price)'),
  displayPricing: z
    .object({ min: z.number(), max: z.number(), reservationAmount: z.number(), currency: z.string() })
    .nullable()
    .describe('`pricing` converted into the requested currency at the current rates'),
  finance: FinanceTermsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'Vehicle' });
export type VehicleDetail = z.output<typeof VehicleDetailSchema>;

const FacetSchema = z.array(z.object({ value: z.string(), count: z.number() }));
export const VehicleSearchResultSchema = z
  .object({
    items: z.array(VehicleSummarySchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    currency: z.string(),
    finance: FinanceTermsSchema,
    facets: z.object({ make: FacetSchema, condition: FacetSchema, fuel: FacetSchema, body: FacetSchema, year: FacetSchema, location: FacetSchema, tab: FacetSchema, collection: FacetSchema }),
  })
  .meta({ id: 'VehicleSearchResult' });
export type VehicleSearchResult = z.output<typeof VehicleSearchResultSchema>;

export const VehicleBrandsSchema = z
  .object({
    currency: z.string(),
    brands: z.array(
      z.object({
        brand: z.string(),
        count: z.number(),
        models: z.array(z.object({ model: z.string(), count: z.number() })).describe('Most listed first'),
        priceMin: PriceSchema.describe('Cheapest listing, converted into `currency`'),
        priceMax: PriceSchema.describe('Dearest listing, converted into `currency`'),
      }),
    ),
  })
  .meta({ id: 'VehicleBrands' });
export type VehicleBrands = z.output<typeof VehicleBrandsSchema>;
