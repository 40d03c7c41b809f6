import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { REST_ROUTES, type RestRoute } from '../rest/routes';
import { listProcedures } from '../trpc/root';
import { type BadInputApp, DIALECTS_AND_SESSIONS, expectAllRefused, startAppWithAnOperator, takesBadInput } from './bad-input-app';
import { inputFieldNames, malformedBody, malformedJson, malformedPathSegment, malformedQuery } from './malformed-requests';

const procedureOf = (route: RestRoute) => listProcedures().find((p) => p.path === route.procedure)!;

/** A request to the route with garbage in its path parameters and in its query or body. */
function malformedRequest(route: RestRoute) {
  const fields = inputFieldNames(route.procedure);
  const params = route.path.match(/:\w+/g) ?? [];
  const url = fc
    .array(malformedPathSegment, { minLength: params.length, maxLength: params.length })
    .map((segments) => params.reduce((path, param, i) => path.replace(param, segments[i]!), route.path));
  if (route.method === 'GET' || route.method === 'DELETE') {
    return fc.tuple(url, malformedQuery(fields)).map(([path, query]) => ({ method: route.method, url: `${path}?${query}` }));
  }
  return fc.tuple(url, malformedBody(malformedJson(fields))).map(([path, body]) => ({ method: route.method, url: path, ...body }));
}

describe.each(DIALECTS_AND_SESSIONS)('REST routes fed malformed input on $dialect, $session', ({ dialect, session }) => {
  let app: BadInputApp;
  beforeAll(async () => {
    app = await startAppWithAnOperator(dialect, session);
  });
  afterAll(() => app.t.close());

  const routes = REST_ROUTES.filter((route) => takesBadInput(procedureOf(route), session));

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s answers a readable 4xx and changes no row', (_name, route) =>
    expectAllRefused(app, malformedRequest(route), { trpc: false, inputIgnored: !procedureOf(route).hasInput }),
  );
});
