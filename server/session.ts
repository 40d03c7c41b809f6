import type { IncomingMessage, ServerResponse } from 'node:http';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import type { Env } from './env';

/** What the sealed admin cookie carries. The version is checked against the database. */
export interface AdminSessionData {
  userId?: string;
  sessionVersion?: number;
}

export type AdminSession = IronSession<AdminSessionData>;

/** The operator's session cookie; the OpenAPI document names it too. */
export const SESSION_COOKIE_NAME = 'minda_session';

export function sessionOptions(env: Env): SessionOptions {
  return {
    password: env.sessionSecret,
    cookieName: SESSION_COOKIE_NAME,
    ttl: 60 * 60 * 24 * 14,
    cookieOptions: {
      httpOnly: true,
      secure: env.nodeEnv === 'production',
      sameSite: 'lax',
      path: '/',
    },
  };
}

export function readSession(
  req: IncomingMessage,
  res: ServerResponse,
  options: SessionOptions,
): Promise<AdminSession> {
  return getIronSession<AdminSessionData>(req, res, options);
}

/** Signs the operator in: the cookie carries the session version current in the database. */
export async function startSession(session: AdminSession, operator: { id: string; sessionVersion: number }): Promise<void> {
  session.userId = operator.id;
  session.sessionVersion = operator.sessionVersion;
  await session.save();
}
