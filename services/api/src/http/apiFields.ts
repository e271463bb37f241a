/**
 * The API names a read model's columns in camelCase (`received_at` is `receivedAt`) and shows a time as ISO text: the
 * one place that says so, for the records a list answers and for the fields it sorts by.
 */

/** A column's name as the API's field. */
type FieldName<Column extends string> = Column extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<FieldName<Tail>>}` : Column;
/** A column's value as the API shows it. */
type FieldValue<Value> = Value extends Date ? string : Value;

const fieldName = (column: string) => column.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

/** The columns a record shows as they are, as the API's fields: `fieldsOf(row, ['id', 'received_at'])` is `{ id, receivedAt }`. */
export function fieldsOf<Row, Column extends keyof Row & string>(row: Row, columns: readonly Column[]): { [Name in Column as FieldName<Name>]: FieldValue<Row[Name]> } {
  const fields: Record<string, unknown> = {};
  for (const column of columns) {
    const value = row[column];
    fields[fieldName(column)] = value instanceof Date ? value.toISOString() : value;
  }
  return fields as { [Name in Column as FieldName<Name>]: FieldValue<Row[Name]> };
}

/** A list's sortable fields that are columns under their API names (simpleRestList's `sortable`). */
export function sortableColumns<const Column extends string>(...columns: Column[]): { [Name in Column as FieldName<Name>]: Name } {
  return Object.fromEntries(columns.map((column) => [fieldName(column), column])) as { [Name in Column as FieldName<Name>]: Name };
}
