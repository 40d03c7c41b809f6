/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list):
 * `=`, `+`, `-`, `@`, and tab or carriage return, which some programs skip before looking.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as a spreadsheet will only ever show it: a value that could start a formula gets a
 * leading single quote, as OWASP advises, and every cell is quoted with its quotes doubled
 * (RFC 4180), so commas and line breaks stay inside it.
 */
export function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const neutralised = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${neutralised.replaceAll('"', '""')}"`;
}

/** Rows of cells as CSV text, lines ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
