import { DateInput } from 'react-admin';

/**
 * A list's `dateFrom` / `dateTo` filters (the API keeps `dateTo`'s whole day, or the instant a link gave, such as the
 * console home's "waiting over 24 hours"), shown so staff see a date filter a link applied and can take it off.
 */
export const dateFilters = [<DateInput key="dateFrom" source="dateFrom" label="From" />, <DateInput key="dateTo" source="dateTo" label="To" />];
