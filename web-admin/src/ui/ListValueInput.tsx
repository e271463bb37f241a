import { useQuery } from '@tanstack/react-query';
import { SelectInput, useDataProvider, useListContext } from 'react-admin';
import type { ListFilterValues } from '@autobest/domain/listFilters';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';

/** A dropdown's choices: each value named as it is. */
export const valueChoices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));

/** The make a model dropdown lists the models of: the list's chosen make, if one is chosen. */
export function chosenMake(filterValues: Record<string, unknown>, makeSource: string): string | undefined {
  const make = filterValues[makeSource];
  return typeof make === 'string' && make.trim() !== '' ? make : undefined;
}

/**
 * A list's make, model or year filter as a dropdown of the values its records hold (`/api/admin/{resource}/filter-values`),
 * not free text. The models are those of the make chosen in the list's `makeSource` filter, when one is.
 */
export function ListValueInput({ resource, source, values, label, makeSource = 'make' }: { resource: string; source: string; values: keyof ListFilterValues; label: string; makeSource?: string }) {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const { filterValues } = useListContext();
  const make = values === 'model' ? chosenMake(filterValues as Record<string, unknown>, makeSource) : undefined;
  const { data, isPending } = useQuery({
    queryKey: [resource, 'filter-values', make ?? null],
    queryFn: async () => answerOf(await dataProvider.getFilterValues(resource, make)),
  });
  return <SelectInput source={source} label={label} choices={valueChoices(data?.[values] ?? [])} isPending={isPending} />;
}
