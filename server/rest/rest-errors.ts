import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { fieldProblems, INTERNAL_ERROR_MESSAGE } from '../errors';

export interface RestErrorBody {
  error: string;
  /** Present on 400s caused by invalid input: the problems of each field. */
  fields?: Record<string, string[]>;
}

export function toRestError(error: unknown): { status: number; body: RestErrorBody } {
  if (!(error instanceof TRPCError)) return { status: 500, body: { error: INTERNAL_ERROR_MESSAGE } };
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500 && error.code === 'INTERNAL_SERVER_ERROR') {
    return { status, body: { error: INTERNAL_ERROR_MESSAGE } };
  }
  const fields = error.cause instanceof ZodError ? fieldProblems(error.cause) : undefined;
  return { status, body: fields ? { error: error.message, fields } : { error: error.message } };
}
