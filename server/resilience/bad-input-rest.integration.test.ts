import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotTables } from '../../db/testing/table-snapshots';
import { REST_ROUTES, type RestRoute } from '../rest/routes';
import type { TestApp } from '../testing/test-app';
import { listProcedures } from '../trpc/root';
import { startAppWithAnOperator } from './bad-input-app';
import { inputFieldNames, malformedBody, malformedJson, malformedPathSegment, malformedQuery } from './malformed-requests';
import { DIALECTS_AND_SESSIONS, expectRefused, RUNS_PER_ROUTE, SEED } from './refusals';

const procedureOf = (route: RestRoute) => listProcedures().find((p) => p.path === route.procedure)!;

/** A request to the route with garbage in its path parameters and in its query or body. */
function malformedRequest(route: RestRoute) {
  const fields = inputFieldNames(route.procedure);
  const params = route.path.match(/:\w+/g) ?? [];
  const url = fc
    .array(malformedPathSegment, { minLength: params.length, maxLength: params.length })
    .map((segments) => params.reduce((path, param, i) => path.replace(param, segments[i]!), route.path));
  if (route.method === 'GET' || route.method === 'DELETE') {
    return fc.tuple(url, malformedQuery(fields)).map(([path, query]) => ({ method: route.method, url: `${path}?${query}`, headers: {} }));
  }
  return fc.tuple(url, malformedBody(malformedJson(fields))).map(([path, body]) => ({ method: route.method, url: path, ...body }));
}

describe.each(DIALECTS_AND_SESSIONS)('REST routes fed malformed input on $dialect, $session', ({ dialect, session }) => {
  let t: TestApp;
  let cookie: string | undefined;
  beforeAll(async () => {
    const started = await startAppWithAnOperator(dialect);
    t = started.t;
    cookie = session === 'signed out' ? undefined : started.cookie;
  });
  afterAll(() => t.close());

  // Signed in, a call that takes no input and changes something (logout, subscribe) is
  // always a real call: there is no input to be malformed.
  const routes = REST_ROUTES.filter((route) => {
    const procedure = procedureOf(route);
    return session === 'signed out' || procedure.hasInput || procedure.type === 'query';
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers a readable 4xx and changes no row',
    async (_name, route) => {
      const before = await snapshotTables(t.services.db);
      const inputIgnored = !procedureOf(route).hasInput;
      await fc.assert(
        fc.asyncProperty(malformedRequest(route), async ({ headers, ...request }) => {
          const response = await t.app.inject({ ...request, headers: { ...headers, ...(cookie && { cookie }) } });
          expectRefused(response, { trpc: false, inputIgnored });
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
      expect(await snapshotTables(t.services.db)).toEqual(before);
    },
  );
});
