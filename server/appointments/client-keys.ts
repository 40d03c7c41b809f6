import { emailIdentity } from '../../domain/email-identity';
import type { ClientKeys } from '../../db/repositories/appointments';
import { clientNetwork } from '../client-network';
import { subjectDigest } from '../rate-limit/rate-limits';

/**
 * What a booking stores to bound one client's open holds (docs/decisions/0037): keyed digests,
 * as the rate-limit counters keep, of the visitor's normalised e-mail, of their address (an IPv6
 * client by its /64) and of its /24 or /48. Without the server's secret no one holding the table
 * can tell an address from them, nor try all 2^32 IPv4 addresses against them.
 */
export function clientKeysOf(secret: string, booking: { clientEmail: string; client: string }): ClientKeys {
  return {
    emailKey: subjectDigest(secret, `booking e-mail:${emailIdentity(booking.clientEmail)}`),
    addressKey: subjectDigest(secret, `booking address:${booking.client}`),
    networkKey: subjectDigest(secret, `booking network:${clientNetwork(booking.client)}`),
  };
}
