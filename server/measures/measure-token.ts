import { createHmac } from 'node:crypto';
import type { Env } from '../env';

/**
 * A measure's link token: an HMAC of its id under the server's secret, as the manage link's is
 * (appointments/manage-token.ts), so the reminder carries the same link as the first mail
 * without the token being stored. Only its SHA-256 is stored, to find the measure.
 */
export function measureTokenOf(env: Pick<Env, 'sessionSecret'>, measureId: string): string {
  return createHmac('sha256', env.sessionSecret).update(`measure-link:${measureId}`).digest('base64url');
}
