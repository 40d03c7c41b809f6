/**
 * The id of a time the weekly schedule offers, before anyone books it (docs/decisions/0047).
 * It is a UUID version 8 made from the time and the psychologist, so the visitor books it with
 * the same `slotId` as a stored slot (SPEC's POST /api/public/appointments is unchanged), and
 * booking writes the slot row under this very id: two bookings of one time, in any process,
 * write the same primary key and the same (psychologist, start).
 *
 * Layout: 12 hex digits of the start in minutes since 1970, then '8' (the version), 3 hex
 * digits of the psychologist's fingerprint, '8' (the variant), 15 more of it.
 */
const MINUTE_MS = 60_000;
const SCHEDULE_ID = /^([0-9a-f]{12})8([0-9a-f]{3})8([0-9a-f]{3})([0-9a-f]{12})$/;

/** FNV-1a over the id's characters: a stable fingerprint, not a secret (the id is checked against the psychologist). */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function fingerprint(psychologistId: string): string {
  return (fnv1a(psychologistId, 0x811c9dc5) + fnv1a(psychologistId, 0x050c5d1f) + fnv1a(psychologistId, 0x2f8b1a97)).slice(0, 18);
}

export function scheduleSlotId(psychologistId: string, startUtc: Date): string {
  const minutes = Math.floor(startUtc.getTime() / MINUTE_MS).toString(16).padStart(12, '0');
  const print = fingerprint(psychologistId);
  return `${minutes.slice(0, 8)}-${minutes.slice(8)}-8${print.slice(0, 3)}-8${print.slice(3, 6)}-${print.slice(6, 18)}`;
}

/** The start the id names, when it is a schedule time of this psychologist; undefined for any other id. */
export function startOfScheduleSlotId(slotId: string, psychologistId: string): Date | undefined {
  const match = SCHEDULE_ID.exec(slotId.toLowerCase().replaceAll('-', ''));
  if (!match) return undefined;
  const [, minutes, a, b, c] = match;
  if (`${a}${b}${c}` !== fingerprint(psychologistId)) return undefined;
  return new Date(parseInt(minutes!, 16) * MINUTE_MS);
}
