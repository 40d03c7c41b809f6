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

// Sweden's locale writes dates the ISO way ('2026-12-07 10:00'), which every spreadsheet reads.
const SPREADSHEET_TIME = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** A moment as a spreadsheet reads it, on the wall clock of a zone the column's header names: '2026-12-07 10:00'. */
export function csvLocalTime(at: Date | null, timeZone: string): string | null {
  return at && new Intl.DateTimeFormat('sv-SE', { ...SPREADSHEET_TIME, timeZone }).format(at);
}

/** A header cell that names the zone of its times: 'start (Asia/Kuala_Lumpur)'. */
export function zonedHeader(column: string, timeZone: string): string {
  return `${column} (${timeZone})`;
}

/**
 * The one zone a clinic's export uses: the zone most of its psychologists work in (the first
 * of them on a tie), or the fallback (Malaysia's) for a clinic with none yet.
 */
export function clinicTimeZone(psychologistZones: readonly string[], fallback: string): string {
  const counts = new Map<string, number>();
  for (const zone of psychologistZones) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  let chosen = fallback;
  let most = 0;
  for (const [zone, count] of counts) {
    if (count > most) [chosen, most] = [zone, count];
  }
  return chosen;
}
