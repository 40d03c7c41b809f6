/** Milliseconds in a day of UTC time (calendar days in a timezone are date-fns-tz's job). */
export const DAY_MS = 86_400_000;

/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;

/** A day of the week by name, as the schedule form and its texts key it. */
export type WeekdayName = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
