/**
 * How long a clinic keeps a visitor's personal data (name, e-mail, phone, shared results) after
 * the appointment ends: the clinic chooses within these bounds (issue 14, docs/decisions/0026).
 */
export const RETENTION_DAYS = { min: 30, max: 730, default: 180 } as const;

const DAY_MS = 86_400_000;

/** Appointments that ended before this moment are past the clinic's period: their visitor's data goes. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}
