/**
 * How long, in the largest whole unit that reads naturally ("45 minutes", "3 hours", "2 days"),
 * in the admin's language: how long a request has waited, how long a hold is kept.
 */
export function formatDuration(milliseconds: number, locale: string): string {
  const minutes = Math.max(1, Math.round(milliseconds / 60_000));
  const [value, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / 1440), 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
