import { createHmac } from 'node:crypto';

/** The header that carries the signature, as Stripe's `Stripe-Signature`. */
export const SIGNATURE_HEADER = 'minda-signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the clinic's secret, as Stripe
 * signs its events: the receiver recomputes it with the secret alone, and refuses an old `t`
 * so that a captured request cannot be replayed later.
 */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
