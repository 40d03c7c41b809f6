import { createHmac, hkdfSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect';
import { countHit } from '../../db/repositories/rate-limit-counters';
import type { Database } from '../../db/schema';
import type { Env } from '../env';
import { AppError, type LocalisedMessage } from '../errors';
import type { RateLimitName, RateLimits } from './rate-limit-rules';

/** What counting attempts needs; its own type, not server/context.ts's: the services there are built from this room (decision 0046). */
export interface RateLimitDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  env: Pick<Env, 'sessionSecret'>;
  now: () => Date;
  rateLimits: RateLimits;
}

/** Names the key's purpose, so it differs from every other key drawn from the session secret. */
const SUBJECT_KEY_LABEL = 'minda rate-limit subjects v1';

/**
 * The subject as its counter is stored: an HMAC under a key drawn from the server's secret.
 * A bare SHA-256 of an IPv4 address is reversed by hashing all 2^32 of them; without the
 * secret no one holding the table can (docs/decisions/0010).
 */
export function subjectDigest(secret: string, subject: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, '', SUBJECT_KEY_LABEL, 32));
  return createHmac('sha256', key).update(subject).digest('hex');
}

/** The one place a counted subject becomes a key: a keyed digest, so no address, username or e-mail is stored. */
export function rateLimitBucket(secret: string, name: RateLimitName, subject: string): string {
  return `${name}:${subjectDigest(secret, subject)}`;
}

/**
 * Counts this attempt against each rule (in the database, so every server process shares
 * the count) and refuses it once any rule is over its limit, with `refusal` when the caller has
 * a sentence that says more than 'too many attempts'. Subjects are keyed digests: the counters
 * hold no address, username or e-mail.
 */
export async function enforceRateLimits(
  deps: RateLimitDeps,
  checks: [RateLimitName, string][],
  refusal: LocalisedMessage = (t) => t.errors.tooManyAttempts(),
): Promise<void> {
  let exceeded = false;
  for (const [name, subject] of checks) {
    const rule = deps.rateLimits[name];
    const windowMs = rule.windowMinutes * 60_000;
    const windowStart = Math.floor(deps.now().getTime() / windowMs) * windowMs;
    const hits = await countHit(deps.db, deps.dialect, {
      bucket: rateLimitBucket(deps.env.sessionSecret, name, subject),
      windowStart: new Date(windowStart),
      expiresAt: new Date(windowStart + windowMs),
    });
    exceeded ||= hits > rule.limit;
  }
  if (exceeded) throw new AppError('TOO_MANY_REQUESTS', refusal);
}
