import { TRPCClientError } from '@trpc/client';

/** The server's readable message when there is one, else the screen's own fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof TRPCClientError && error.data?.code !== 'INTERNAL_SERVER_ERROR' && error.message
    ? error.message
    : fallback;
}

/** Field problems of a 400, keyed by field name, as the server's error formatter sends them. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fields?: Record<string, string[]> } | undefined)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0] ?? '']));
}

/** Whether a call failed with this tRPC code, e.g. CONFLICT for a 409 that asks for confirmation. */
export function hasErrorCode(error: unknown, code: 'CONFLICT' | 'UNAUTHORIZED' | 'NOT_FOUND'): boolean {
  return error instanceof TRPCClientError && error.data?.code === code;
}
