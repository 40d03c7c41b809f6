/**
 * A clinic's payment policy and the money it decides (issue 28, docs/decisions/0061): what a
 * visitor pays at booking, and what a cancel refunds. Money is whole sen, integers (decision
 * 0002); a percentage of an amount rounds to the nearest sen, half up.
 */

export const PAYMENT_MODES = ['off', 'deposit', 'full'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const DEPOSIT_KINDS = ['fixed', 'percent'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

/** What a late cancel or a no-show keeps of the payment. */
export const LATE_CANCEL_KEEPS = ['deposit', 'percent', 'nothing'] as const;
export type LateCancelKeeps = (typeof LATE_CANCEL_KEEPS)[number];

/** The payment methods Minda offers where the clinic's account has them: Stripe's types for them in Malaysia. */
export const PAYMENT_METHODS = ['card', 'fpx', 'grabpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A PaymentIntent as we record it; refunds are counted apart (`refundedSen`). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a refund was made. */
export const REFUND_REASONS = ['visitor_cancelled', 'clinic_declined', 'clinic_cancelled', 'slot_gone', 'by_hand'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The currency of every payment: Stripe's code for ringgit. */
export const PAYMENT_CURRENCY = 'myr';

export type Deposit = { kind: 'fixed'; sen: number } | { kind: 'percent'; percent: number };
export type LateCancelRule = { keeps: 'deposit' } | { keeps: 'percent'; percent: number } | { keeps: 'nothing' };

export interface PaymentPolicy {
  mode: PaymentMode;
  /** The deposit; required when the mode is deposit, or a late cancel keeps the deposit. */
  deposit: Deposit | null;
  lateCancel: LateCancelRule;
}

/** Today's behaviour, and every clinic's until it chooses: nothing is paid at booking. */
export const NO_PAYMENT_POLICY: PaymentPolicy = { mode: 'off', deposit: null, lateCancel: { keeps: 'nothing' } };

const percentOf = (sen: number, percent: number) => Math.round((sen * percent) / 100);

/** A session's price from the psychologist's price per hour (as the booker shows it) and the session's length. */
export function sessionPriceSen(pricePerHourSen: number, sessionMinutes: number): number {
  return Math.round((pricePerHourSen * sessionMinutes) / 60);
}

/** The deposit on a price: never more than the price. */
function depositOf(deposit: Deposit, priceSen: number): number {
  return Math.min(priceSen, deposit.kind === 'fixed' ? deposit.sen : percentOf(priceSen, deposit.percent));
}

/** What the visitor pays at booking: 0 when the policy takes nothing or the psychologist shows no price. */
export function amountDueAtBooking(policy: PaymentPolicy, priceSen: number | null): number {
  if (policy.mode === 'off' || priceSen === null || priceSen <= 0) return 0;
  if (policy.mode === 'full' || policy.deposit === null) return priceSen;
  return depositOf(policy.deposit, priceSen);
}

/** Who ended the appointment, and how. */
export type CancelCause = 'visitor_cancelled' | 'no_show' | 'clinic_declined' | 'clinic_cancelled';

export interface CancelRefund {
  refundSen: number;
  keptSen: number;
  /** Why: before the notice period, after it (or a no-show), or the clinic's own doing. */
  rule: 'before_notice' | 'late' | 'clinic';
}

/**
 * What a cancel refunds of what was paid and not yet refunded. A visitor who cancels before the
 * notice period gets everything back; a later cancel or a no-show leaves the clinic what its
 * policy keeps (never more than was paid); a clinic that declines or cancels refunds everything.
 */
export function refundOnCancel(args: {
  policy: PaymentPolicy;
  cause: CancelCause;
  /** What the visitor paid, and what was already refunded of it. */
  paidSen: number;
  refundedSen: number;
  /** The session's price, from which a deposit or a percentage is counted. */
  priceSen: number;
  startUtc: Date;
  at: Date;
  cancellationNoticeHours: number;
}): CancelRefund {
  const refundable = Math.max(0, args.paidSen - args.refundedSen);
  if (args.cause === 'clinic_declined' || args.cause === 'clinic_cancelled') return { refundSen: refundable, keptSen: 0, rule: 'clinic' };
  const noticeStarts = args.startUtc.getTime() - args.cancellationNoticeHours * 3_600_000;
  if (args.cause === 'visitor_cancelled' && args.at.getTime() < noticeStarts) return { refundSen: refundable, keptSen: 0, rule: 'before_notice' };
  const kept = Math.min(refundable, lateCancelKeeps(args.policy, args.priceSen, args.paidSen));
  return { refundSen: refundable - kept, keptSen: kept, rule: 'late' };
}

/** What a late cancel or a no-show keeps, before it is bounded by what is left to refund. */
function lateCancelKeeps(policy: PaymentPolicy, priceSen: number, paidSen: number): number {
  switch (policy.lateCancel.keeps) {
    case 'nothing':
      return 0;
    case 'percent':
      return percentOf(priceSen, policy.lateCancel.percent);
    case 'deposit':
      return policy.deposit ? depositOf(policy.deposit, priceSen) : paidSen;
  }
}

/** The policy a psychologist's bookings follow: their own, or else the clinic's. */
export const effectivePolicy = (clinic: PaymentPolicy, psychologist: PaymentPolicy | null): PaymentPolicy => psychologist ?? clinic;

/**
 * A policy's problems, each a key the client and the server word in en/ms: a deposit must be
 * set where it is used, a fixed one within the price, and every percentage 1–100.
 */
export type PolicyProblem = 'depositRequired' | 'depositPositive' | 'depositAbovePrice' | 'percentRange';

export function policyProblems(policy: PaymentPolicy, priceSen: number | null): PolicyProblem[] {
  const problems = new Set<PolicyProblem>();
  const needsDeposit = policy.mode === 'deposit' || (policy.mode !== 'off' && policy.lateCancel.keeps === 'deposit');
  if (needsDeposit && policy.deposit === null) problems.add('depositRequired');
  if (policy.deposit?.kind === 'fixed') {
    if (!Number.isInteger(policy.deposit.sen) || policy.deposit.sen <= 0) problems.add('depositPositive');
    else if (priceSen !== null && policy.deposit.sen > priceSen) problems.add('depositAbovePrice');
  }
  const validPercent = (percent: number) => Number.isInteger(percent) && percent >= 1 && percent <= 100;
  if (policy.deposit?.kind === 'percent' && !validPercent(policy.deposit.percent)) problems.add('percentRange');
  if (policy.lateCancel.keeps === 'percent' && !validPercent(policy.lateCancel.percent)) problems.add('percentRange');
  return [...problems];
}

/**
 * What the visitor is told before paying, on the manage page and in the mails: the amounts
 * computed here, the words by the client in the visitor's language.
 */
export interface PolicySummary {
  mode: PaymentMode;
  priceSen: number;
  dueAtBookingSen: number;
  /** Cancelling more than this many hours before the session refunds everything. */
  fullRefundUntilHours: number;
  /** What a later cancel or a no-show keeps of the payment. */
  lateCancelKeepsSen: number;
  currency: typeof PAYMENT_CURRENCY;
}

export function policySummary(policy: PaymentPolicy, priceSen: number, cancellationNoticeHours: number): PolicySummary {
  const dueAtBookingSen = amountDueAtBooking(policy, priceSen);
  return {
    mode: dueAtBookingSen === 0 ? 'off' : policy.mode,
    priceSen,
    dueAtBookingSen,
    fullRefundUntilHours: cancellationNoticeHours,
    lateCancelKeepsSen: Math.min(dueAtBookingSen, lateCancelKeeps(policy, priceSen, dueAtBookingSen)),
    currency: PAYMENT_CURRENCY,
  };
}

/**
 * What the clinic kept of a payment for a session that did not happen (a late cancel, a
 * no-show): what was paid and not refunded. Zero for any other appointment, whose payment is
 * the session's price rather than a fee.
 */
export function keptWithoutSessionSen(appointmentStatus: string, paidSen: number, refundedSen: number): number {
  return appointmentStatus === 'cancelled' || appointmentStatus === 'no_show' ? Math.max(0, paidSen - refundedSen) : 0;
}

/**
 * The smallest charge Stripe takes in ringgit (RM 2.00). A policy that would ask less (a tiny
 * fixed deposit, a low price) takes nothing at booking: the visitor pays at the clinic, as before.
 */
export const MINIMUM_CHARGE_SEN = 200;

/** What a booking charges at once, and Minda's fee on it (basis points, rounded to the sen); null when nothing is charged. */
export function bookingCharge(policy: PaymentPolicy, priceSen: number | null, platformFeeBasisPoints: number): { amountSen: number; platformFeeSen: number } | null {
  const amountSen = amountDueAtBooking(policy, priceSen);
  if (amountSen < MINIMUM_CHARGE_SEN) return null;
  return { amountSen, platformFeeSen: Math.round((amountSen * platformFeeBasisPoints) / 10_000) };
}
