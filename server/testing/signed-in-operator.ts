import type { HTTPMethods } from 'fastify';
import { insertOperator } from '../../db/testing/fixtures';
import { sessionCookie, type TestApp, type TrpcResult, trpcMutation, trpcQuery } from './test-app';

export interface RestResult {
  status: number;
  body: unknown;
}

/** An operator with a current session cookie, and their calls over both transports. */
export interface SignedInOperator {
  userId: string;
  configurationId: string;
  cookie: string;
  rest: (method: HTTPMethods, url: string, payload?: unknown) => Promise<RestResult>;
  query: (path: string, input?: unknown) => Promise<TrpcResult>;
  mutate: (path: string, input?: unknown) => Promise<TrpcResult>;
}

export async function signedInAs(t: TestApp, operator: { userId: string; configurationId?: string }): Promise<SignedInOperator> {
  const cookie = await sessionCookie(t.services, { userId: operator.userId, sessionVersion: 1 });
  return {
    userId: operator.userId,
    configurationId: operator.configurationId ?? '',
    cookie,
    rest: async (method, url, payload) => {
      const response = await t.app.inject({
        method,
        url,
        // What the browser sends on a same-origin call from the admin page.
        headers: { cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.body === '' ? undefined : response.json() };
    },
    query: (path, input) => trpcQuery(t.app, path, input, cookie),
    mutate: (path, input) => trpcMutation(t.app, path, input, cookie),
  };
}

/** A new operator with a configuration, signed in. */
export async function signInNewOperator(
  t: TestApp,
  overrides: Parameters<typeof insertOperator>[1] = {},
): Promise<SignedInOperator> {
  return signedInAs(t, await insertOperator(t.services.db, overrides));
}
