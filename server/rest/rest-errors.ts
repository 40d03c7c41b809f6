import type { Locales } from '../../i18n/i18n-types';
import { DescribedTRPCError, describeError, ERROR_CODES, type ErrorBody } from '../errors';

/** REST's answer to a failed call: ERROR_CODES' status and the body `{ error, fields? }`. */
export function toRestError(error: unknown, locale: Locales): { status: number; body: ErrorBody } {
  const { code, body } = error instanceof DescribedTRPCError ? error.described : describeError(error, locale);
  return { status: ERROR_CODES[code].http, body };
}
