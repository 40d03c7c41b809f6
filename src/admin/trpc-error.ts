import { TRPCClientError } from '@trpc/client';

/** Whether a call failed with this tRPC code, e.g. CONFLICT for a 409 that asks for confirmation. */
export function hasErrorCode(error: unknown, code: 'CONFLICT' | 'UNAUTHORIZED'): boolean {
  return error instanceof TRPCClientError && error.data?.code === code;
}
