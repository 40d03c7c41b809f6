import { createHmac, hkdfSync } from 'node:crypto';
import { findAppointmentByTokenHash } from '../../db/repositories/appointments';
import { keepIdempotentAnswer, releaseIdempotencyKey, takeIdempotencyKey } from '../../db/repositories/idempotency-keys';
import { liveApiKey } from '../api-keys/authenticate-api-key';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError } from '../errors';
import { openText, sealText } from '../sealed-text';
import { memberOfSession } from '../session';
import { admitMember, type ProcedureMeta } from '../trpc/init';
import type { RestRoute } from './routes';

/**
 * `Idempotency-Key` on the REST API's changes, as Stripe does it (docs/decisions/0059): the same
 * key with the same request within 24 hours answers the first answer again, marked
 * `Idempotent-Replayed: true`, without acting again; with another request, 422; while the first
 * still runs, 409.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_HOURS = 24;
/**
 * A request still "running" after this long died with its process (a request times out after
 * 30 s, server/http-timeouts.ts): a retry may take its key over.
 */
const ABANDONED_AFTER_MS = 2 * 60_000;

/** Stripe's bound; a UUID is 36. Visible ASCII only, so the header reads the same through any proxy. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The visitor's own link: its calls are the visitor's, whatever network they come from. */
const VISITOR_LINK_PREFIX = '/api/public/appointments/manage/';

/** The methods that change something; a read needs no key (and ignores one, as Stripe does). */
export function takesIdempotencyKey(route: Pick<RestRoute, 'method'>): boolean {
  return route.method !== 'GET';
}

/** The header as the OpenAPI document declares it on every change (server/rest/openapi.ts). */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any unique value of yours (a UUID) that makes a retry safe: the same key with the same request within 24 hours answers the first success again, ' +
    'marked `Idempotent-Replayed: true`, without acting again; with another request, 422; while the first still runs, 409. ' +
    "Keys are a clinic's for members' calls, a visitor's for public ones. A refusal is not kept: a retry runs anew.",
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
} as const;

/** The REST answer as the adapter sends it. */
export interface RestAnswer {
  status: number;
  body: unknown;
}

interface Subject {
  /** Whose keys these are: a clinic, a visitor's link, a visitor's address. */
  scope: string;
  /** Who acts within the scope: a member of a clinic replays only their own answers. */
  actor: string;
  /** The appointment a visitor's link names, so that erasing its visitor forgets the answer. */
  appointmentId?: string;
}

/**
 * Whose keys a call uses. A member's call: their clinic's (the key space Stripe gives an
 * account). A visitor's own link: that link's. Any other public call (the booking among them):
 * the client's address as the rate limits count it (an IPv6 client by its /64). Undefined for an
 * operator call without a live session: the procedure refuses it, and nothing is kept.
 */
async function subjectOf(ctx: RequestContext, access: ProcedureMeta['access'], route: RestRoute, input: unknown): Promise<Subject | undefined> {
  if (access === 'operator' && ctx.apiKeyCall) {
    // A server's call with an API key keeps its keys in its clinic's, the key the actor. A key that
    // is not live keeps none: the procedure refuses it as it would without the header.
    const key = await liveApiKey(ctx, ctx.apiKeyCall.key).catch(() => undefined);
    return key && { scope: `clinic:${key.clinicId}`, actor: `api-key:${key.id}` };
  }
  if (access === 'operator') {
    const found = await memberOfSession(ctx, await ctx.session());
    return found && { scope: `clinic:${found.operator.id}`, actor: `member:${found.member.accountId}` };
  }
  const token = route.path.startsWith(VISITOR_LINK_PREFIX) ? (input as { token?: unknown }).token : undefined;
  if (typeof token === 'string') {
    const tokenHash = hashSecretToken(token);
    const appointment = await findAppointmentByTokenHash(ctx.db, tokenHash);
    return { scope: `visitor-link:${tokenHash}`, actor: 'visitor', appointmentId: appointment?.id };
  }
  return { scope: `visitor-address:${ctx.ip}`, actor: 'visitor' };
}

const derivedKey = (secret: string, label: string) => Buffer.from(hkdfSync('sha256', secret, '', label, 32));
const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** Object keys sorted at every depth: the same JSON body written in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Digests under keys drawn from SESSION_SECRET: the key's row is found by them, and neither the
 * key nor the request (a booking's name and e-mail, a screening's answers) is stored. The answer
 * is sealed under a key drawn from the client's own Idempotency-Key as well, so a copy of the
 * database, even with the server's secret, cannot read a stored answer without that key.
 */
function digestsOf(secret: string, key: string, subject: Subject, route: RestRoute, input: unknown) {
  return {
    keyHash: hmac(derivedKey(secret, 'minda idempotency keys v1'), `${subject.scope}\n${key}`),
    fingerprint: hmac(derivedKey(secret, 'minda idempotent requests v1'), `${subject.actor}\n${route.method} ${route.path}\n${canonicalJson(input)}`),
    answerKey: Buffer.from(hkdfSync('sha256', secret, key, `minda idempotent answers v1\n${subject.scope}`, 32)),
  };
}

/** The appointment a call was about: its path's, or the one a booking made. */
function appointmentOf(subject: Subject, input: unknown, body: unknown): string | null {
  const named = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { appointmentId?: unknown }).appointmentId : undefined);
  const id = subject.appointmentId ?? named(input) ?? named(body);
  return typeof id === 'string' ? id : null;
}

/**
 * Answers `answer()`, once per key: a call without the header runs as it is. Only a success is
 * kept, for 24 hours: a refusal changed nothing, so its key is let go and a retry runs anew (after
 * a 429, a 503, or a corrected body). An answer that sets or clears a cookie (signing in or out)
 * is not kept either: the cookie is a secret, and a replay without it would leave the caller
 * signed out; such a call runs again.
 */
export async function answerOnce(
  ctx: RequestContext,
  call: { route: RestRoute; meta: ProcedureMeta; header: string | string[] | undefined; input: unknown; setsCookie: () => boolean },
  answer: () => Promise<RestAnswer>,
): Promise<RestAnswer & { replayed?: true }> {
  const { route, header, input } = call;
  if (header === undefined || !takesIdempotencyKey(route)) return answer();
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new AppError('BAD_REQUEST', (t) => t.errors.idempotency.invalidKey());
  const subject = await subjectOf(ctx, call.meta.access, route, input);
  if (!subject) return answer();
  const { keyHash, fingerprint, answerKey } = digestsOf(ctx.env.sessionSecret, header, subject, route, input);
  const now = ctx.now();
  const taken = await takeIdempotencyKey(ctx.db, {
    keyHash,
    fingerprint,
    startedAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_HOURS * 3_600_000),
    abandonedBefore: new Date(now.getTime() - ABANDONED_AFTER_MS),
  });
  if (taken) {
    if (taken.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE_CONTENT', (t) => t.errors.idempotency.keyReused());
    if (taken.statusCode === null) throw new AppError('CONFLICT', (t) => t.errors.idempotency.inProgress());
    const body = taken.answer === null ? undefined : openText(answerKey, taken.answer);
    // Same key and request give the same digests and the same sealing key, so this opens; a
    // row that does not was tampered with, and is no answer to replay.
    if (body === undefined) throw new AppError('UNPROCESSABLE_CONTENT', (t) => t.errors.idempotency.keyReused());
    // A replay is admitted as the call would be: a member whose role no longer allows it, a key
    // revoked or without the scope now, is refused; a key's replays count in its rate limit and
    // are recorded as its calls are.
    if (call.meta.access === 'operator') await admitMember(ctx, call.meta);
    return { status: taken.statusCode, body: JSON.parse(body) as unknown, replayed: true };
  }
  let answered: RestAnswer | undefined;
  try {
    answered = await answer();
  } finally {
    const kept = answered !== undefined && answered.status < 300 && !call.setsCookie();
    const held = { keyHash, startedAt: now };
    if (kept) {
      await keepIdempotentAnswer(ctx.db, held, {
        statusCode: answered!.status,
        answer: sealText(answerKey, JSON.stringify(answered!.body)),
        appointmentId: appointmentOf(subject, input, answered!.body),
      });
    } else {
      await releaseIdempotencyKey(ctx.db, held);
    }
  }
  return answered;
}
