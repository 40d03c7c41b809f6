import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/**
 * The one error vocabulary of the app. Use cases throw AppError (or a subclass) with a
 * message a person can read; the tRPC middleware and the REST adapter map it through
 * ERROR_CODES, so both transports answer the same status and text.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type AppErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    /** Safe to show to the caller. */
    readonly userMessage: string,
    options?: { cause?: unknown },
  ) {
    super(userMessage, options);
    this.name = 'AppError';
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super('NOT_FOUND', `${what} not found`);
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Field problems of a rejected input, keyed by dotted path ('' for the input as a whole). */
export function fieldProblems(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function describeInvalidInput(error: ZodError): string {
  const parts = Object.entries(fieldProblems(error)).map(([field, messages]) =>
    field ? `${field}: ${messages.join(', ')}` : messages.join(', '),
  );
  return `Invalid input: ${parts.join('; ')}`;
}

/** Turns whatever a procedure threw into the TRPCError both transports answer with. */
export function toTRPCError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof AppError) {
    return new TRPCError({ code: ERROR_CODES[cause.code].trpc, message: cause.userMessage, cause });
  }
  if (error.code === 'BAD_REQUEST' && cause instanceof ZodError) {
    return new TRPCError({ code: 'BAD_REQUEST', message: describeInvalidInput(cause), cause });
  }
  return error;
}
