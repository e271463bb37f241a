import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableRow } from '@mui/material';

/** A small table of named values (a row header per name), as record pages show details. */
export function NameValueTable({ rows, maxWidth }: { rows: ReadonlyArray<readonly [string, ReactNode]>; maxWidth: number }) {
  return (
    <Table size="small" sx={{ maxWidth }}>
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row">
              {name}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
