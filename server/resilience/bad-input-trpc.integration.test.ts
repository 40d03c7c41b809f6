import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotTables } from '../../db/testing/table-snapshots';
import type { TestApp } from '../testing/test-app';
import { listProcedures, type ProcedureInfo } from '../trpc/root';
import { startAppWithAnOperator } from './bad-input-app';
import { inputFieldNames, malformedBody, malformedTrpcJson } from './malformed-requests';
import { DIALECTS_AND_SESSIONS, expectRefused, RUNS_PER_ROUTE, SEED } from './refusals';

/** A query's input travels in the URL, single or batched; a mutation's in the body. */
function malformedRequest(procedure: ProcedureInfo) {
  const json = malformedTrpcJson(inputFieldNames(procedure.path));
  const url = `/trpc/${procedure.path}`;
  if (procedure.type === 'query') {
    const input = fc.oneof(
      json.map((text) => `input=${encodeURIComponent(text)}`),
      json.map((text) => `batch=1&input=${encodeURIComponent(`{"0":${text}}`)}`),
      fc.constantFrom('input=%E0%A4%A', 'input=', 'batch=1&input=[]', 'batch=1', 'input=1&input=2'),
    );
    return input.map((query) => ({ method: 'GET' as const, url: `${url}?${query}`, headers: {} }));
  }
  return malformedBody(json).map((body) => ({ method: 'POST' as const, url, ...body }));
}

describe.each(DIALECTS_AND_SESSIONS)('tRPC procedures fed malformed input on $dialect, $session', ({ dialect, session }) => {
  let t: TestApp;
  let cookie: string | undefined;
  beforeAll(async () => {
    const started = await startAppWithAnOperator(dialect);
    t = started.t;
    cookie = session === 'signed out' ? undefined : started.cookie;
  });
  afterAll(() => t.close());

  // Signed in, a mutation that takes no input (logout, subscribe) is always a real call:
  // there is no input to be malformed.
  const procedures = listProcedures().filter((p) => session === 'signed out' || p.hasInput || p.type === 'query');

  it.each(procedures.map((p) => [p.path, p] as const))('%s answers a readable 4xx and changes no row', async (_path, procedure) => {
    const before = await snapshotTables(t.services.db);
    await fc.assert(
      fc.asyncProperty(malformedRequest(procedure), async ({ headers, ...request }) => {
        const response = await t.app.inject({ ...request, headers: { ...headers, ...(cookie && { cookie }) } });
        expectRefused(response, { trpc: true, inputIgnored: !procedure.hasInput });
      }),
      { seed: SEED, numRuns: RUNS_PER_ROUTE },
    );
    expect(await snapshotTables(t.services.db)).toEqual(before);
  });
});
