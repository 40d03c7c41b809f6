import type { SessionPlaceSetting } from './session-place';

/**
 * The psychologist and the limits of the admin form, shared by
 * the client form and the server's validation so both refuse the same values.
 */
export const PSYCHOLOGIST_TIMEZONES = [
  'Asia/Kuala_Lumpur',
  'Asia/Singapore',
  'UTC',
  'America/New_York',
  'Europe/London',
] as const;
export type PsychologistTimezone = (typeof PSYCHOLOGIST_TIMEZONES)[number];

export interface NumberRange {
  min: number;
  max: number;
  step: number;
}

export const SLOT_DURATION_MINUTES: NumberRange = { min: 15, max: 240, step: 15 };
export const BUFFER_MINUTES: NumberRange = { min: 0, max: 120, step: 5 };
export const MINIMUM_ADVANCE_HOURS: NumberRange = { min: 0, max: 168, step: 1 };
/** Until how long before the session a visitor may cancel or move it through their link. */
export const CANCELLATION_NOTICE_HOURS: NumberRange = { min: 0, max: 168, step: 1 };
/** RM per hour. The ceiling keeps whole sen inside a 32-bit integer column with room to spare. */
export const PRICE_PER_HOUR: NumberRange = { min: 0, max: 100_000, step: 0.01 };

/** What a new psychologist starts with. */
export const PSYCHOLOGIST_DEFAULTS = {
  slotDurationMinutes: 60,
  bufferMinutes: 0,
  minimumAdvanceHours: 2,
  cancellationNoticeHours: 24,
  timezone: 'Asia/Kuala_Lumpur',
} as const satisfies { timezone: PsychologistTimezone } & Record<string, unknown>;

export const PSYCHOLOGIST_TEXT_LIMITS = {
  name: 200,
  jobTitle: 200,
  description: 2000,
  email: 254,
  imageUrl: 2048,
} as const;

export interface Psychologist {
  id: string;
  name: string;
  jobTitle: string;
  description: string;
  /** Malay versions; blank shows the English one (domain/configuration.ts, malayOr). */
  jobTitleMs: string;
  descriptionMs: string;
  email: string;
  imageUrl: string | null;
  /** MYR with two decimals, e.g. '150.00'; null when the price is not shown. */
  pricePerHour: string | null;
  slotDurationMinutes: number;
  bufferMinutes: number;
  minimumAdvanceHours: number;
  cancellationNoticeHours: number;
  timezone: PsychologistTimezone;
  /** Where their sessions happen; null follows the clinic's default (domain/session-place.ts). */
  sessionPlace: SessionPlaceSetting | null;
}

/** Whether a value lies in the range and on its steps (counted from the minimum). */
export function isInRange(value: number, range: NumberRange): boolean {
  if (value < range.min || value > range.max) return false;
  const steps = (value - range.min) / range.step;
  // Decimal steps (0.01) are not exact in binary floating point: allow rounding noise.
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}


/** RM 150.5 → 15050 sen. Rounds away float noise (0.29 * 100 = 28.999…). */
export function priceToSen(ringgit: number): number {
  return Math.round(ringgit * 100);
}

/** 15050 sen → '150.50', the decimal string the API answers with. */
export function senToPrice(sen: number): string {
  const whole = Math.floor(sen / 100);
  return `${whole}.${String(sen % 100).padStart(2, '0')}`;
}
