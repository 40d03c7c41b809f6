import { createHmac } from 'node:crypto';

/** The header that carries the signature, as Stripe's `Stripe-Signature`. */
export const SIGNATURE_HEADER = 'minda-signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the clinic's secret, as Stripe
 * signs its events: the receiver recomputes it with the secret alone, and refuses an old `t`
 * so that a captured request cannot be replayed later. While a rolled secret still signs, a
 * second `v1` follows under it, as Stripe's do: a receiver accepts the request when any `v1`
 * matches its secret, the old one or the new.
 */
export function webhookSignature(secrets: readonly string[], body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digests = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  return [`t=${timestamp}`, ...digests].join(',');
}
