import { randomBytes } from 'node:crypto';

/** A screening's id as the screener draws it (src/screener/report-screener-step.ts): 128 random bits in hex. */
export const newScreeningId = () => randomBytes(16).toString('hex');
