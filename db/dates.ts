/** Timestamps come back as Date from mysql2 and as ISO text from SQLite; both read as a Date. */
export const asDate = (value: Date | string): Date => new Date(value);
