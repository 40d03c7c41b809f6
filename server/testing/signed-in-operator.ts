import type { HTTPMethods } from 'fastify';
import { insertOperator } from '../../db/testing/fixtures';
import { type Caller, callerFor, CookieJar } from './caller';
import { sessionCookie, type TestApp, type TrpcResult, trpcMutation, trpcQuery } from './test-app';

export interface RestResult {
  status: number;
  body: unknown;
}

/** A signed-in operator's calls, in-process (`caller`) and over both transports, with their session cookie. */
export interface OperatorCalls {
  cookie: string;
  caller: Caller;
  rest: (method: HTTPMethods, url: string, payload?: unknown) => Promise<RestResult>;
  query: (path: string, input?: unknown) => Promise<TrpcResult>;
  mutate: (path: string, input?: unknown) => Promise<TrpcResult>;
}

/** Signs an inserted operator in: what was inserted, plus their calls. */
export async function signedInAs<T extends { userId: string }>(t: TestApp, operator: T): Promise<T & OperatorCalls> {
  const cookie = await sessionCookie(t.services, operator.userId);
  return {
    ...operator,
    cookie,
    caller: callerFor(t.services, { jar: CookieJar.holding(cookie) }),
    rest: async (method, url, payload) => {
      const response = await t.app.inject({
        method,
        url,
        // What the browser sends on a same-origin call from the admin page.
        headers: { cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      // A file (a CSV export) comes back as its text; everything else is JSON.
      const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
      return { status: response.statusCode, body: response.body === '' ? undefined : json ? response.json() : response.body };
    },
    query: (path, input) => trpcQuery(t.app, path, input, cookie),
    mutate: (path, input) => trpcMutation(t.app, path, input, cookie),
  };
}

/** A new operator with a configuration, signed in. */
export async function signInNewOperator(t: TestApp, overrides: Parameters<typeof insertOperator>[1] = {}) {
  return signedInAs(t, await insertOperator(t.services.db, overrides));
}

export type SignedInOperator = Awaited<ReturnType<typeof signInNewOperator>>;
