import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/root';

/**
 * A failed call as the server's one error module describes it (server/errors.ts): the readable
 * message, `data.code` (tRPC's code) and, for invalid input, `data.fields`. Typed from the
 * router's error formatter, so a change there shows here.
 */
export function appErrorOf(error: unknown): TRPCClientError<AppRouter> | undefined {
  return error instanceof TRPCClientError ? (error as TRPCClientError<AppRouter>) : undefined;
}

/**
 * The server's readable message when there is one, else the screen's own fallback text. Without
 * `data` the server never answered (the network failed, or a proxy's page came back), and the
 * message is the browser's ('Failed to fetch'), not a sentence for a person.
 */
export function messageOf(error: unknown, fallback: string): string {
  const appError = appErrorOf(error);
  return appError?.data && appError.data.code !== 'INTERNAL_SERVER_ERROR' && appError.message ? appError.message : fallback;
}

/** Whether a call failed with this tRPC code, e.g. CONFLICT for a 409 that asks for confirmation. */
export function hasErrorCode(error: unknown, code: 'CONFLICT' | 'UNAUTHORIZED' | 'NOT_FOUND'): boolean {
  return appErrorOf(error)?.data?.code === code;
}

/** Whether a private link's appointment is gone (410) rather than unknown: its message says what happened. */
export function isGone(error: unknown): boolean {
  return appErrorOf(error)?.data?.httpStatus === 410;
}
