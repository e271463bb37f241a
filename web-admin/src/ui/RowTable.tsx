import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** A column of a RowTable: its heading (none for a column of buttons) and what it shows for a row. */
export interface RowColumn<Row> {
  heading?: string;
  cell(row: Row): ReactNode;
  /** A narrow column that holds a checkbox. */
  checkbox?: boolean;
}

/** A small table of rows under column headings, as the console's screens (not its lists) show them; `label` names it. */
export function RowTable<Row>({ label, columns, rows, rowKey }: { label: string; columns: ReadonlyArray<RowColumn<Row>>; rows: readonly Row[]; rowKey(row: Row): string }) {
  const padding = (column: RowColumn<Row>) => (column.checkbox ? 'checkbox' : 'normal');
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column, index) => (
            <TableCell key={index} padding={padding(column)}>
              {column.heading}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column, index) => (
              <TableCell key={index} padding={padding(column)}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
