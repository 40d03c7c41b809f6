import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane.
// Algorithm 2 is argon2id; the numeric value avoids importing a const enum.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let throwawayHash: Promise<string> | undefined;

/**
 * Checks a password against the account's hash, or against a throwaway hash when there is
 * no account: an unknown username then takes as long as a wrong password and answers false.
 */
export async function verifyPasswordOfAccount(passwordHash: string | undefined, password: string): Promise<boolean> {
  throwawayHash ??= hashPassword(randomBytes(16).toString('hex'));
  const matches = await verifyPassword(passwordHash ?? (await throwawayHash), password);
  return passwordHash !== undefined && matches;
}
