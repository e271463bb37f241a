/** Spreadsheets run a cell that starts with = + - @ (or a tab / CR) as a formula; a leading ' stops that. */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
