import { createHmac } from 'node:crypto';
import type { Env } from '../env';

/**
 * The visitor's private-link token of an appointment: an HMAC of its id under the server's
 * secret, so every later mail can carry the same link without the token being stored. Only its
 * hash is stored, to find the appointment (hashSecretToken). Rotating SESSION_SECRET retires
 * every link, as it ends every session.
 */
export function manageTokenOf(env: Pick<Env, 'sessionSecret'>, appointmentId: string): string {
  return createHmac('sha256', env.sessionSecret).update(`appointment-link:${appointmentId}`).digest('base64url');
}
