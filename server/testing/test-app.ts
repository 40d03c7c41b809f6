import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sealData } from 'iron-session';
import pino from 'pino';
import superjson from 'superjson';
import type { DialectName } from '../../db/connect';
import { createTestDatabase, type TestDatabase } from '../../db/testing/test-databases';
import { buildApp } from '../app';
import type { AppServices } from '../context';
import { createServices } from '../create-services';
import { loadEnv } from '../env';
import { type AdminSession, type AdminSessionData, sessionOptions, startSession } from '../session';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  database: TestDatabase;
  close: () => Promise<void>;
}

/**
 * The real server on a new database of the dialect, driven in-process by `inject`. Mail goes
 * to .eml files under the temporary VAR_DIR unless a test passes its own transport; nothing
 * delivers it until the test runs the outbox worker. Insights come from the built-in
 * writer unless a test passes `insights` with a model (a local fake OpenAI server). Its log is
 * silent unless a test passes `log` to read it.
 * `services.now` may be replaced to move time.
 * `env` adds environment variables (STRIPE_*, OFFER_ENDS_AT); without Stripe keys billing
 * runs in test mode.
 * Each test file starts one in `beforeAll` and closes it in `afterAll`: those few lines repeat
 * from file to file because vitest's hooks belong in the file's own `describe`.
 */
export async function startTestApp(
  dialect: DialectName,
  { env: extraEnv = {}, ...overrides }: Partial<Pick<AppServices, 'rateLimits' | 'mailTransport' | 'insights' | 'log'>> & { env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const env = loadEnv({
    // The booking challenge at its cheapest, unless a test measures it.
    BOOKING_CHALLENGE_COST: '2',
    ...extraEnv,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    PUBLIC_URL: 'https://minda.test',
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    VAR_DIR: mkdtempSync(join(tmpdir(), 'minda-var-')),
  });
  const services: AppServices = {
    ...createServices(env, { db: database.db, dialect, log: pino({ level: 'silent' }) }),
    ...overrides,
  };
  const app = await buildApp(services);
  return {
    app,
    services,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A cookie carrying `data` sealed as the server seals it; it signs in only if it names a live session. */
export async function sealedSessionCookie(services: AppServices, data: AdminSessionData): Promise<string> {
  const options = sessionOptions(services.env);
  const sealed = await sealData(data, { password: options.password, ttl: options.ttl });
  return `${options.cookieName}=${sealed}`;
}

/**
 * A session cookie as the server would set it after the person's login, with its session row:
 * in `clinicId`, else where sign-in lands (a fixture operator's account has its clinic's id).
 */
export async function sessionCookie(services: AppServices, accountId: string, clinicId?: string): Promise<string> {
  const started: AdminSessionData = {};
  await startSession(services, Object.assign(started, { save: async () => undefined }) as AdminSession, { id: accountId }, clinicId);
  return sealedSessionCookie(services, started);
}

/** The session cookie a response set, ready for a Cookie header ('' when it was cleared). */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  // `__Host-minda_session` when PUBLIC_URL is https, as in tests; `minda_session` otherwise.
  const set = response.cookies.find((c) => c.name.endsWith('minda_session'));
  return set && `${set.name}=${set.value}`;
}

export interface TrpcResult {
  status: number;
  /** The session cookie the call set, if it set one. */
  cookie?: string;
  data?: unknown;
  error?: { message: string; data: { code: string; httpStatus: number; fields?: Record<string, string[]> } };
}

function decode(response: LightMyRequestResponse): TrpcResult {
  const body = response.json() as { result?: { data: never }; error?: { json: TrpcResult['error'] } };
  const cookie = sessionCookieFrom(response);
  return {
    status: response.statusCode,
    ...(cookie !== undefined && { cookie }),
    ...(body.error ? { error: body.error.json } : { data: superjson.deserialize(body.result!.data) }),
  };
}

/** Calls a tRPC query over HTTP exactly as the browser client does (superjson on the wire). */
export async function trpcQuery(app: FastifyInstance, path: string, input: unknown, cookie?: string): Promise<TrpcResult> {
  const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  return decode(await app.inject({ method: 'GET', url: `/trpc/${path}?input=${encoded}`, headers: cookie ? { cookie } : {} }));
}

/** `request` adds headers (Origin, …) or a client address to the call. */
export async function trpcMutation(
  app: FastifyInstance,
  path: string,
  input: unknown,
  cookie?: string,
  request: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {},
): Promise<TrpcResult> {
  return decode(
    await app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      remoteAddress: request.remoteAddress,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...request.headers },
      payload: JSON.stringify(superjson.serialize(input)),
    }),
  );
}
