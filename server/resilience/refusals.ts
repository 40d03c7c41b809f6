import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A person can read it: words, not a blank, an object or a stack trace. */
function expectReadable(message: unknown, context: string) {
  expect(typeof message, context).toBe('string');
  expect((message as string).trim().length, context).toBeGreaterThan(0);
  expect(message, context).not.toMatch(/\n\s+at /);
}

/** The messages of a tRPC error answer, batched or not. */
function trpcErrorMessages(body: unknown): unknown[] {
  const answers = Array.isArray(body) ? body : [body];
  return answers.map((answer) => (answer as { error?: { json?: { message?: unknown } } }).error?.json?.message);
}

/**
 * A refusal: a 4xx whose JSON names the problem, `{ error }` on REST and a tRPC error on
 * /trpc. `inputIgnored` procedures take no input, so for them any request is a valid call.
 */
export function expectRefused(response: LightMyRequestResponse, { trpc, inputIgnored }: { trpc: boolean; inputIgnored: boolean }) {
  const context = `${response.statusCode} ${response.body.slice(0, 500)}`;
  if (inputIgnored && response.statusCode < 300) return;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, context).toBeLessThan(500);
  expect(response.headers['content-type'], context).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  if (trpc) {
    for (const message of trpcErrorMessages(body)) expectReadable(message, context);
  } else {
    // docs/api.md: REST errors are `{ error }`, plus `fields` for invalid input; nothing else.
    expect(Object.keys(body).filter((key) => key !== 'error' && key !== 'fields'), context).toEqual([]);
    expectReadable(body.error, context);
  }
}
