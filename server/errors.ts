import type { IncomingHttpHeaders } from 'node:http';
import { TRPCError } from '@trpc/server';
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/connection-errors';
import type { Locales, TranslationFunctions } from '../i18n/i18n-types';
import { localiseFieldMessage } from './field-messages';
import { requestLocale } from './request-locale';
import { translationsFor } from './translations';

/**
 * The one error vocabulary of the app, and the one place that decides what a failure answers.
 * Use cases throw AppError (or a subclass) with a message a person can read; describeError
 * turns whatever was thrown into a code and a body in the caller's language, and ERROR_CODES
 * gives each code its tRPC code and HTTP status. tRPC's error formatter, the REST adapter and
 * the HTTP layer's own refusals (errorAnswer, httpErrorBody) all answer through it.
 * (Which driver errors mean a lost or busy database is db/connection-errors.ts's knowledge:
 * db/ imports nothing from server/.)
 */
export const ERROR_CODES = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  METHOD_NOT_SUPPORTED: { trpc: 'METHOD_NOT_SUPPORTED', http: 405 },
  /** A private link whose appointment or calendar is gone, and why (docs/decisions/0042); tRPC has no code of its own for it. */
  GONE: { trpc: 'NOT_FOUND', http: 410 },
  TIMEOUT: { trpc: 'TIMEOUT', http: 408 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  /** An Idempotency-Key reused for another request (server/rest/idempotency.ts). */
  UNPROCESSABLE_CONTENT: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', http: 415 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type AppErrorCode = keyof typeof ERROR_CODES;

/**
 * A message in the caller's language, picked from the dictionaries when the answer is built:
 * `(t) => t.errors.notFound.psychologist()`. A plain string is sent as it is.
 */
export type LocalisedMessage = string | ((t: TranslationFunctions) => string);

function resolveMessage(message: LocalisedMessage, locale: Locales): string {
  return typeof message === 'string' ? message : message(translationsFor(locale));
}

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    /** Safe to show to the caller. */
    readonly userMessage: LocalisedMessage,
    options?: { cause?: unknown },
  ) {
    // The log reads English.
    super(resolveMessage(userMessage, 'en'), options);
    this.name = 'AppError';
  }

  messageIn(locale: Locales): string {
    return resolveMessage(this.userMessage, locale);
  }
}

export class NotFoundError extends AppError {
  constructor(what: keyof TranslationFunctions['errors']['notFound']) {
    super('NOT_FOUND', (t) => t.errors.notFound[what]());
  }
}

/**
 * A 400 on one field that only the use case can judge (against stored data), answered like a
 * schema's: 'check the fields', and the message under its field in the caller's language.
 */
export class FieldProblem extends AppError {
  constructor(
    /** The field's dotted path, as a schema's problems are keyed. */
    readonly path: string,
    /** A fieldMessage(…). */
    readonly fieldMessage: string,
  ) {
    super('BAD_REQUEST', (t) => t.errors.checkFields());
  }
}

/** The body of every refused call, REST's answer and the data of tRPC's error alike. */
export interface ErrorBody {
  /** A sentence for a person, in the caller's language. */
  error: string;
  /** On a 400 for invalid input: the problems of each field, keyed by dotted path ('' for the whole input). */
  fields?: Record<string, string[]>;
}

export interface DescribedError {
  code: AppErrorCode;
  body: ErrorBody;
}

/** Field problems of a rejected input, in the caller's language. */
export function fieldProblems(error: ZodError, locale: Locales): Record<string, string[]> {
  const t = translationsFor(locale);
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    (fields[issue.path.join('.')] ??= []).push(localiseFieldMessage(issue.message, t));
  }
  return fields;
}

/** tRPC's code back to ours; where two share one (NOT_FOUND, GONE) the first listed is meant. */
const CODE_BY_TRPC_CODE = new Map<TRPC_ERROR_CODE_KEY, AppErrorCode>(
  Object.entries(ERROR_CODES)
    .reverse()
    .map(([code, { trpc }]) => [trpc, code as AppErrorCode]),
);

/**
 * What the caller reads of whatever a call threw: a domain error's own message, the field
 * problems of an invalid input, a database that is gone or busy for a moment, or a 500 that
 * says no more. tRPC's own refusals (an unknown procedure, a malformed batch) keep their text.
 */
export function describeError(error: unknown, locale: Locales): DescribedError {
  // Described once, by the procedure's error mapping, in the input's language.
  if (error instanceof DescribedTRPCError) return error.described;
  const t = translationsFor(locale);
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof FieldProblem) {
    return { code: 'BAD_REQUEST', body: { error: cause.messageIn(locale), fields: { [cause.path]: [localiseFieldMessage(cause.fieldMessage, t)] } } };
  }
  if (cause instanceof AppError) return { code: cause.code, body: { error: cause.messageIn(locale) } };
  // Only the input's: a ZodError of the output is our fault, a 500.
  const ofInput = !(error instanceof TRPCError) || error.code === 'BAD_REQUEST';
  if (cause instanceof ZodError && ofInput) {
    return { code: 'BAD_REQUEST', body: { error: t.errors.checkFields(), fields: fieldProblems(cause, locale) } };
  }
  if (isDatabaseUnavailable(error)) return { code: 'SERVICE_UNAVAILABLE', body: { error: t.errors.databaseUnavailable() } };
  if (isDatabaseBusy(error)) return { code: 'SERVICE_UNAVAILABLE', body: { error: t.errors.databaseBusy() } };
  const code = error instanceof TRPCError ? CODE_BY_TRPC_CODE.get(error.code) : undefined;
  // tRPC's own sentence names its internals; ours says what to do instead.
  if (code === 'METHOD_NOT_SUPPORTED') return { code, body: { error: t.errors.wrongMethod() } };
  if (code && code !== 'INTERNAL' && error instanceof TRPCError) return { code, body: { error: error.message } };
  return { code: 'INTERNAL', body: { error: t.errors.internal() } };
}

/** An error a procedure answers with: tRPC's code, the readable message, the described error as its cause. */
export class DescribedTRPCError extends TRPCError {
  constructor(
    readonly described: DescribedError,
    original: unknown,
  ) {
    super({ code: ERROR_CODES[described.code].trpc, message: described.body.error, cause: original });
  }
}

/** A refused REST call: ERROR_CODES' status and the body `{ error, fields? }`. */
export function restErrorAnswer(error: unknown, locale: Locales): { status: number; body: ErrorBody } {
  const { code, body } = describeError(error, locale);
  return { status: ERROR_CODES[code].http, body };
}

/** The code of a status the HTTP layer answers itself; an unlisted one is a bad request or a 500. */
function codeOfStatus(status: number): AppErrorCode {
  const listed = Object.entries(ERROR_CODES).find(([, { http }]) => http === status);
  if (listed) return listed[0] as AppErrorCode;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/**
 * The body of an error the HTTP layer answers before any procedure runs (cross-site refusal,
 * content type, body size, a malformed URL, a slow request): `{ error }` on REST, and on /trpc
 * the envelope the tRPC client reads (tRPC's error shape inside superjson's `{ json }`), so its
 * caller sees the message instead of a response it cannot parse.
 */
export function httpErrorBody(req: { url: string; headers: IncomingHttpHeaders }, status: number, localised: LocalisedMessage): object {
  const message = resolveMessage(localised, requestLocale(req.headers));
  if (!/^\/trpc(\/|\?|$)/.test(req.url)) return { error: message };
  const code = ERROR_CODES[codeOfStatus(status)].trpc;
  return { error: { json: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status } } } };
}
