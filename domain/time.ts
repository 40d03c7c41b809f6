/** Milliseconds in a day of UTC time (calendar days in a timezone are date-fns-tz's job). */
export const DAY_MS = 86_400_000;
