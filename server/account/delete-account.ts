import type { Transaction } from 'kysely';
import { z } from 'zod';
import { type AppointmentDetails, upcomingBookingsOf } from '../../db/repositories/appointments';
import type { Database } from '../../db/schema';
import { deleteClinic } from '../../db/repositories/clinic-deletion';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { calendarTokenHashesOf } from '../../db/repositories/psychologists';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { findTwoFactor } from '../../db/repositories/two-factor';
import { inTransaction } from '../../db/transaction';
import { hasEnded } from '../../domain/subscription';
import { clinicClosedEmails } from '../appointments/booking-notifications';
import { clinicContactOf } from '../appointments/clinic-contact';
import { manageTokenOf } from '../appointments/manage-token';
import { isOwnPassword } from '../auth/own-password';
import { hashSecretToken } from '../auth/secret-tokens';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';
import { checkSecondFactor, ZSecondFactorCode } from '../two-factor/check-code';
import { closeLinks } from '../visitor-data/closed-links';
import { openPaymentsOf, pendingRefundsOf } from '../../db/repositories/appointment-payments';
import { cancelOpenIntents } from '../payments/cancel-open-intents';
import { writeDownClinicEndings } from '../payments/cancel-refund';
import { resumeRefund } from '../payments/refund-payment';

/**
 * POST /api/account/delete: the owner proves it is them with the password, and the current
 * second-factor code where two-factor sign-in is on, in the body (never in a URL, which proxies
 * and logs keep: docs/decisions/0042). Upcoming appointments are cancelled only when the body
 * says so.
 */
export const ZDeleteAccountRequest = z.strictObject({
  password: z.string({ error: fieldMessage('required') }).min(1, { error: fieldMessage('required') }).max(1024),
  code: ZSecondFactorCode.optional(),
  /** The clinic saw its upcoming appointments (upcomingBeforeDeletion) and agrees that they are cancelled. */
  cancelUpcoming: z.boolean().default(false),
});

type DeletionContext = Pick<
  OperatorContext,
  'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip' | 'billing' | 'admin' | 'member' | 'adminSession' | 'configurations' | 'log'
>;

/** The password, then the second factor where it is on; wrong ones count toward the account's throttles. */
async function confirmItIsTheOwner(ctx: DeletionContext, { password, code }: { password: string; code?: string }): Promise<void> {
  if (!(await isOwnPassword(ctx, ctx.member.accountId, password))) throw new AppError('BAD_REQUEST', (t) => t.errors.accountDeletion.wrongPassword());
  if (!(await findTwoFactor(ctx.db, ctx.member.accountId))?.enabledAt) return;
  if (code === undefined) throw new AppError('BAD_REQUEST', (t) => t.errors.accountDeletion.codeRequired());
  if (!(await checkSecondFactor(ctx, ctx.member.accountId, code))) throw new AppError('BAD_REQUEST', (t) => t.errors.twoFactor.wrongCode());
}

/** Stripe is told first: a clinic whose subscription could not be cancelled keeps its data, so it can try again. */
async function cancelSubscription(ctx: DeletionContext): Promise<void> {
  const stored = await findSubscriptionOf(ctx.db, ctx.admin.id);
  if (ctx.billing.mode !== 'stripe' || !stored?.stripeSubscriptionId || hasEnded(stored.status)) return;
  try {
    await ctx.billing.stripe.subscriptions.cancel(stored.stripeSubscriptionId, {}, { idempotencyKey: `cancel-for-deletion-${stored.stripeSubscriptionId}` });
  } catch (error) {
    // Already gone at Stripe: nothing left to cancel.
    if ((error as { code?: string }).code === 'resource_missing') return;
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.subscriptionNotCancelled(), { cause: error });
  }
}

/** The payments of the clinic's upcoming bookings are refunded in full, as its cancel: in the transaction that ends them, or before it. */
const writeDownClosingRefunds = (trx: Transaction<Database>, ctx: DeletionContext, leaving: AppointmentDetails[], now: Date) =>
  writeDownClinicEndings(trx, { userId: ctx.admin.id, appointments: leaving, accountId: ctx.member.accountId, at: now });

/**
 * Refunds go before the clinic's rows: its payments, which name its connected account, go with
 * it, and no refund could be asked for afterwards. So the PaymentIntents a visitor could still
 * pay are cancelled at Stripe (one paid meanwhile is refunded: cancel-open-intents.ts), and the
 * refunds of its upcoming paid bookings are written down and made at Stripe, with any other
 * refund of the clinic still pending. Stripe not answering keeps the clinic's data (503), so it
 * can try again; the intents are cancelled and the refunds made once.
 */
async function refundBeforeClosing(ctx: DeletionContext): Promise<void> {
  if (ctx.billing.mode !== 'stripe') return;
  const deps = { db: ctx.db, now: ctx.now, stripe: ctx.billing.stripe };
  try {
    await cancelOpenIntents(deps, ctx.admin.id);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.accountDeletion.paymentsOpen(), { cause: error });
  }
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => writeDownClosingRefunds(trx, ctx, await upcomingBookingsOf(trx, { userId: ctx.admin.id }, now), now));
  try {
    for (const cause of await pendingRefundsOf(ctx.db, ctx.admin.id)) await resumeRefund(deps, cause);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.accountDeletion.refundsPending(), { cause: error });
  }
}

/**
 * The clinic deletes itself with all its data. After the owner's proof and the confirmation that
 * its upcoming appointments will be cancelled (409 without it), the Stripe subscription is
 * cancelled (outside any transaction), and the payments of its upcoming bookings refunded in
 * full (refundBeforeClosing). Then one transaction reads the appointments still ahead
 * (locked: a booking that landed meanwhile is among them), deletes every row of the clinic
 * (db/repositories/clinic-deletion.ts), queues each of those visitors a cancellation mail, and
 * remembers why their links and the psychologists' calendar links closed (no personal data).
 * This browser's cookie is cleared.
 */
export async function deleteAccount(ctx: DeletionContext, input: z.output<typeof ZDeleteAccountRequest>): Promise<{ ok: true }> {
  await confirmItIsTheOwner(ctx, input);
  const userId = ctx.admin.id;
  const upcoming = await inTransaction(ctx.db, (trx) => upcomingBookingsOf(trx, { userId }, ctx.now()));
  if (upcoming.length > 0 && !input.cancelUpcoming) {
    throw new AppError('CONFLICT', (t) => t.errors.accountDeletion.upcomingAppointments({ count: upcoming.length }));
  }
  await cancelSubscription(ctx);
  await refundBeforeClosing(ctx);
  await inTransaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const leaving = await upcomingBookingsOf(trx, { userId }, now);
    // A booking paid since the refunds were made is written down here and stops the deletion, as
    // does any refund still pending: the next attempt makes it before the rows go.
    await writeDownClosingRefunds(trx, ctx, leaving, now);
    if ((await pendingRefundsOf(trx, userId)).length > 0) throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.accountDeletion.refundsPending());
    // Likewise a payment a visitor started since the intents were cancelled.
    if ((await openPaymentsOf(trx, userId)).length > 0) throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.accountDeletion.paymentsOpen());
    const screener = await findConfigurationOfOperator(trx, userId);
    const clinic = await clinicContactOf(trx, userId);
    const farewells = screener ? await clinicClosedEmails(trx, { userId, screener, clinic, appointments: leaving }, { env: ctx.env, now }) : [];
    const calendars = await calendarTokenHashesOf(trx, userId);
    await deleteClinic(trx, { userId, email: ctx.admin.email });
    // After the deletion, which takes the clinic's queued mails along: these must still go out.
    await enqueueEmails(trx, farewells, now);
    const manageLinks = leaving.map((appointment) => hashSecretToken(manageTokenOf(ctx.env, appointment.id)));
    await closeLinks(trx, { tokenHashes: manageLinks, kind: 'appointment', reason: 'clinic-closed' }, now);
    await closeLinks(trx, { tokenHashes: calendars, kind: 'calendar', reason: 'clinic-closed' }, now);
  });
  ctx.configurations.forgetAll();
  ctx.adminSession.destroy();
  return { ok: true };
}
