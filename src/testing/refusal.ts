import { TRPCClientError } from '@trpc/client';

const HTTP_STATUS = { BAD_REQUEST: 400, CONFLICT: 409, INTERNAL_SERVER_ERROR: 500 } as const;

/** A refusal as the client receives it from the server's error formatter. */
export function refusal(message: string, code: keyof typeof HTTP_STATUS, fields?: Record<string, string[]>) {
  return TRPCClientError.from({ error: { message, code: -32600, data: { code, httpStatus: HTTP_STATUS[code], fields } } });
}
