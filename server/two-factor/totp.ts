import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as authenticator apps use it (RFC 6238: SHA-1, 6 digits, 30-second steps), through the
 * otpauth package; nothing of the algorithm is written here.
 */
const ISSUER = 'Minda';
const PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is taken: phones' clocks drift. */
const DRIFT_STEPS = 1;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

/** 160 random bits, the size RFC 4226 recommends, in the base32 that apps take by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` address an app reads from the QR code. */
export function otpauthUri(secretBase32: string, accountName: string): string {
  return totpOf(secretBase32, accountName).toString();
}

/** The code an app shows at `at`: for tests and for nothing else in the app. */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/** The time step whose code this is, within the drift allowed around `at`, or null for a wrong code. */
export function timeStepOfCode(secretBase32: string, code: string, at: Date): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
}
