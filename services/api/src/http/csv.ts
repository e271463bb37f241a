import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/** Spreadsheets run a cell that starts with = + - @ (or a tab / CR) as a formula; a leading ' stops that. */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The one way the console's CSV exports are written: a header row, every cell formula-safe, a byte-order mark so
 * spreadsheets read UTF-8, and a download named `{name}-{date}.csv`.
 */
export function csvAnswer(reply: FastifyReply, name: string, columns: readonly string[], records: ReadonlyArray<ReadonlyArray<string>>) {
  const csv = stringify(
    records.map((cells) => cells.map(neutraliseFormula)),
    { header: true, columns: [...columns], bom: true },
  );
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(csv);
}
