import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sealData } from 'iron-session';
import pino from 'pino';
import superjson from 'superjson';
import type { DialectName } from '../../db/connect';
import { createTestDatabase, type TestDatabase } from '../../db/testing/test-databases';
import { buildApp } from '../app';
import type { AppServices } from '../context';
import { loadEnv } from '../env';
import { type AdminSessionData, sessionOptions } from '../session';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  database: TestDatabase;
  close: () => Promise<void>;
}

/** The real server on a new database of the dialect, driven in-process by `inject`. */
export async function startTestApp(dialect: DialectName): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    PUBLIC_URL: 'https://minda.test',
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    VAR_DIR: mkdtempSync(join(tmpdir(), 'minda-var-')),
  });
  const services: AppServices = {
    env,
    db: database.db,
    dialect,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
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

/** A session cookie as the server would set it after a login. */
export async function sessionCookie(services: AppServices, data: AdminSessionData): Promise<string> {
  const options = sessionOptions(services.env);
  const sealed = await sealData(data, { password: options.password, ttl: options.ttl });
  return `${options.cookieName}=${sealed}`;
}

export interface TrpcResult {
  status: number;
  data?: unknown;
  error?: { message: string; data: { code: string; httpStatus: number; fields?: Record<string, string[]> } };
}

function decode(response: LightMyRequestResponse): TrpcResult {
  const body = response.json() as { result?: { data: never }; error?: { json: TrpcResult['error'] } };
  return body.error
    ? { status: response.statusCode, error: body.error.json }
    : { status: response.statusCode, data: superjson.deserialize(body.result!.data) };
}

/** Calls a tRPC query over HTTP exactly as the browser client does (superjson on the wire). */
export async function trpcQuery(app: FastifyInstance, path: string, input: unknown, cookie?: string): Promise<TrpcResult> {
  const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  return decode(await app.inject({ method: 'GET', url: `/trpc/${path}?input=${encoded}`, headers: cookie ? { cookie } : {} }));
}

export async function trpcMutation(app: FastifyInstance, path: string, input: unknown, cookie?: string): Promise<TrpcResult> {
  return decode(
    await app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(superjson.serialize(input)),
    }),
  );
}
