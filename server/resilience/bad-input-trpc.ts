import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { listProcedures, type ProcedureInfo } from '../trpc/root';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { type BadInputApp, type BadInputSession, expectAllRefused, startAppWithAnOperator, takesBadInput } from './bad-input-app';
import { inputFieldNames, malformedBody, malformedTrpcJson } from './malformed-requests';

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
    return input.map((query) => ({ method: 'GET' as const, url: `${url}?${query}` }));
  }
  return malformedBody(json).map((body) => ({ method: 'POST' as const, url, ...body }));
}

/** The clinic's day-to-day routers; every other admin router is its set-up. */
const CLINIC_DAY = ['appointments', 'schedule', 'availability', 'psychologists', 'measures', 'measureAlerts', 'payments'];

/**
 * Which part of the API a procedure belongs to: each part is a file of its own, so that the
 * fuzz's longest session spreads over both workers instead of running alone at the end of the
 * phase (decision 0066). Every procedure is in exactly one part.
 */
export type ApiPart = 'visitor and account' | 'clinic day' | 'clinic set-up';

export function apiPartOf(path: string): ApiPart {
  const [router, subRouter] = path.split('.');
  if (router !== 'admin') return 'visitor and account';
  return CLINIC_DAY.includes(subRouter!) ? 'clinic day' : 'clinic set-up';
}

/** Every tRPC procedure of the part (all parts when none is named) fed malformed input in one session, on each dialect. */
export function describeTrpcBadInput(session: BadInputSession, part?: ApiPart) {
  describe.each(TEST_DIALECTS)(`tRPC procedures${part ? ` (${part})` : ''} fed malformed input on %s, ${session}`, (dialect) => {
    let app: BadInputApp;
    beforeAll(async () => {
      app = await startAppWithAnOperator(dialect, session);
    });
    afterAll(() => app.t.close());

    const procedures = listProcedures().filter((procedure) => takesBadInput(procedure, session) && (!part || apiPartOf(procedure.path) === part));

    it.each(procedures.map((p) => [p.path, p] as const))('%s answers a readable 4xx and changes no row', (_path, procedure) =>
      expectAllRefused(app, malformedRequest(procedure), { trpc: true, inputIgnored: !procedure.hasInput }),
    );
  });
}
