import type { IncomingMessage, ServerResponse } from 'node:http';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import type { Kysely } from 'kysely';
import type { Person } from '../db/repositories/accounts';
import { listClinicsOf } from '../db/repositories/memberships';
import {
  deleteSession,
  deleteSessionsOfAccount,
  findLiveSession,
  insertSession,
  type StoredSession,
  touchSession,
} from '../db/repositories/operator-sessions';
import type { Database } from '../db/schema';
import { AppError } from './errors';
import { hashSecretToken, newSecretToken } from './auth/secret-tokens';
import type { Env } from './env';

/**
 * What the admin cookie carries: the random id of a session row. The row decides; the seal
 * only keeps the cookie tidy, so a leaked SESSION_SECRET forges nothing
 * (docs/decisions/0009a-operator-sessions-and-logout.md).
 */
export interface AdminSessionData {
  sessionId?: string;
}

export type AdminSession = IronSession<AdminSessionData>;

/** A clinic's working day: signed out after 2 idle hours, and after 12 hours whatever happens. */
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60_000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000;
/** A session used again within this time keeps its stored expiry: one write a minute, not one per call. */
const TOUCH_INTERVAL_MS = 60_000;

interface SessionDeps {
  db: Kysely<Database>;
  now: () => Date;
}

/** The operator's session cookie, less the prefix it carries over https. */
const SESSION_COOKIE_NAME = 'minda_session';

function servedOverHttps(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

/**
 * The cookie's name at this public address; the OpenAPI document names it too.
 * `__Host-` makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
 */
export function sessionCookieName(publicUrl: string): string {
  return servedOverHttps(publicUrl) ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
}

export function sessionOptions(env: Env): SessionOptions {
  // Browsers keep a Secure cookie only over https, so the public address decides, not NODE_ENV.
  const https = servedOverHttps(env.publicUrl);
  return {
    password: env.sessionSecret,
    cookieName: sessionCookieName(env.publicUrl),
    ttl: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
    cookieOptions: { httpOnly: true, secure: https, sameSite: 'lax', path: '/' },
  };
}

export function readSession(
  req: IncomingMessage,
  res: ServerResponse,
  options: SessionOptions,
): Promise<AdminSession> {
  return getIronSession<AdminSessionData>(req, res, options);
}

function expiryOf(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS, createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS));
}

/**
 * Signs the person in with a new session: a fresh random id, stored only as its hash, acting on
 * `clinicId`, or else on the first of their clinics (owned ones first). A person who belongs to
 * no clinic any more has nothing to sign in to.
 */
export async function startSession(
  deps: SessionDeps,
  session: AdminSession,
  account: Pick<Person, 'id'>,
  clinicId?: string,
): Promise<void> {
  const chosen = clinicId ?? (await listClinicsOf(deps.db, account.id))[0]?.clinicId;
  if (!chosen) throw new AppError('FORBIDDEN', (t) => t.errors.noClinic());
  const sessionId = newSecretToken();
  const now = deps.now();
  await insertSession(deps.db, { idHash: hashSecretToken(sessionId), accountId: account.id, clinicId: chosen, createdAt: now, expiresAt: expiryOf(now, now) });
  session.sessionId = sessionId;
  await session.save();
}

/** The clinic and member of the live session the cookie names; the idle timeout starts again. */
export async function memberOfSession(deps: SessionDeps, session: AdminSession): Promise<Pick<StoredSession, 'operator' | 'member'> | undefined> {
  if (!session.sessionId) return undefined;
  const idHash = hashSecretToken(session.sessionId);
  const now = deps.now();
  const stored = await findLiveSession(deps.db, idHash, now);
  if (!stored) return undefined;
  if (now.getTime() - stored.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(deps.db, idHash, now, expiryOf(stored.createdAt, now));
  }
  return { operator: stored.operator, member: stored.member };
}

/** Ends this browser's session; a cookie naming no live session is simply cleared. */
export async function endSession(deps: Pick<SessionDeps, 'db'>, session: AdminSession): Promise<void> {
  if (session.sessionId) await deleteSession(deps.db, hashSecretToken(session.sessionId));
  session.destroy();
}

/**
 * Ends every other session of the person, on every device and in every clinic, and keeps this
 * browser's: after they proved who they are (a new password, two-factor turned on), whoever
 * holds an older session, perhaps the reason for the change, is out. `db` may be a transaction.
 */
export async function endOtherSessions(deps: Pick<SessionDeps, 'db'>, session: AdminSession, accountId: string): Promise<void> {
  await deleteSessionsOfAccount(deps.db, accountId, session.sessionId ? { idHash: hashSecretToken(session.sessionId) } : undefined);
}

/** Ends every session of the person, on every device and in every clinic, and clears this browser's cookie. */
export async function endEverySession(deps: Pick<SessionDeps, 'db'>, session: AdminSession, accountId: string): Promise<void> {
  await deleteSessionsOfAccount(deps.db, accountId);
  session.destroy();
}
