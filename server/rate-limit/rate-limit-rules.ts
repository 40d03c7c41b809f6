/** The limits are plain data, so the services can name them without importing how they are counted. */
export interface RateLimitRule {
  limit: number;
  windowMinutes: number;
}

/**
 * Attempts allowed per window. Per account the numbers stop guessing a password or flooding
 * one mailbox; per address they stop one client from cycling through accounts.
 */
export const DEFAULT_RATE_LIMITS = {
  loginPerIp: { limit: 50, windowMinutes: 15 },
  /**
   * Wrong passwords per username from any address; past the limit each further attempt waits
   * a growing delay instead of a lock (server/auth/login-throttle.ts).
   */
  loginPerAccount: { limit: 10, windowMinutes: 15 },
  /** Second-factor codes tried per address, right or wrong (docs/decisions/0035). */
  twoFactorPerIp: { limit: 30, windowMinutes: 15 },
  /**
   * Wrong second-factor codes per account, after a right password; past the limit each further
   * code waits a growing delay, as wrong passwords do. Three codes of a million are right at any
   * moment, so 5 free guesses and then one per 10 minutes leave guessing hopeless.
   */
  twoFactorPerAccount: { limit: 5, windowMinutes: 15 },
  registerPerIp: { limit: 10, windowMinutes: 60 },
  registerPerEmail: { limit: 5, windowMinutes: 60 },
  passwordResetPerIp: { limit: 10, windowMinutes: 60 },
  passwordResetPerEmail: { limit: 3, windowMinutes: 60 },
  /** Confirmation links an owner asks for again, per account (docs/decisions/0039). */
  emailVerificationPerAccount: { limit: 3, windowMinutes: 60 },
  /** New invitations per clinic: a day's, as domain/invitation-limits.ts says. */
  invitationsPerClinic: { limit: 20, windowMinutes: 24 * 60 },
  /**
   * Invitation previews per address: the page an invitation link opens asks once, or again on a
   * reload. The token is a secret no one guesses; this bounds the database reads a script can
   * cause from one client, and another address is never refused for it.
   */
  invitationPreviewPerIp: { limit: 30, windowMinutes: 10 },
  /**
   * Logo uploads per clinic, refused ones included: each is read and an SVG sanitised, so a
   * stolen session or a looping script cannot keep a process busy. A clinic trying a few
   * logos stays far under it.
   */
  logoUploadsPerClinic: { limit: 20, windowMinutes: 60 },
  /** Generous for a family booking together, tight enough that no script fills a clinic's calendar. */
  bookingPerIp: { limit: 20, windowMinutes: 10 },
  /**
   * The payment step of one paid hold asked again (a resume after FPX's redirect, a retry after
   * a decline, the embed's frame reading the status): each may ask Stripe. Only the booker holds
   * the hold's token, so the bound refuses no one else; a visitor retrying a few methods within
   * the 30 minutes stays far under it.
   */
  bookingPaymentPerAppointment: { limit: 60, windowMinutes: 30 },
  /**
   * Reads of where a paid hold stands (statusOnly), per address. They ask Stripe nothing and stay
   * outside the step's bound, so a long wait for a bank's webhook cannot use the step up; a page
   * asks every 4 seconds (STATUS_POLL_MS), 150 times in ten minutes, so eight visitors
   * paying at once behind one address (a mobile carrier's shared address is common in
   * Malaysia) stay under it for the whole hold, while one client cannot turn the read into a
   * flood of database reads: two indexed reads a second at most.
   */
  bookingPaymentStatusPerIp: { limit: 1200, windowMinutes: 10 },
  /** Each analysis may cost a model call; a visitor asks once per results page. */
  analyzePerIp: { limit: 30, windowMinutes: 10 },
  /**
   * Anonymous screener events: a screening sends about four calls, so a clinic's waiting room
   * behind one address can screen a dozen visitors in ten minutes; a script cannot flood the counts.
   */
  screenerEventsPerIp: { limit: 60, windowMinutes: 10 },
  /**
   * And per day (UTC): about 50 screenings from one address, which a clinic's waiting room stays
   * under, while one client cannot add thousands of made-up screenings to a clinic's figures.
   */
  screenerEventsPerIpPerDay: { limit: 200, windowMinutes: 24 * 60 },
  /**
   * Calls per API key (docs/decisions/0058): five a second, ample for a sync every few minutes,
   * while one leaked or looping key cannot crowd out the clinic's people or its other keys.
   */
  apiKeyCalls: { limit: 300, windowMinutes: 1 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimitRule>;
