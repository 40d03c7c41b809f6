import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { deleteTwoFactor } from './two-factor';

/**
 * Deletes every row of a clinic, children before parents, so neither dialect's foreign keys
 * (nor their absence) decide what stays: its screener and what counts it, its psychologists and
 * their slots, its appointments with their history, reminders, consents, measure plans and mails, its webhooks,
 * API keys, audit log, sessions, invitations, memberships, subscription row, its payments and
 * refunds, payment policies and its Stripe account's id, and the clinic itself; the
 * accounts of its members that belong to no other clinic then, with their reset tokens and
 * requests and their two-factor secrets and recovery codes.
 * Consent texts go when no other clinic's consent names them. Mails to the clinic's own address
 * go too; sent mails are already empty (decision 0007). Answers kept for an Idempotency-Key
 * about its appointments go; its other kept answers are sealed and lapse within 24 hours
 * (decision 0059), as rate-limit counters and login throttles, which hold only keyed hashes.
 */
export async function deleteClinic(trx: Transaction<Database>, clinic: { userId: string; email: string }): Promise<void> {
  const { userId } = clinic;
  const appointments = trx.selectFrom('appointments').select('id').where('user_id', '=', userId);
  const psychologists = trx.selectFrom('psychologists').select('id').where('user_id', '=', userId);
  const configurations = trx.selectFrom('screener_configurations').select('id').where('user_id', '=', userId);

  const texts = await trx.selectFrom('consent_records').select('text_version').distinct().where('user_id', '=', userId).execute();
  await trx.deleteFrom('consent_records').where('user_id', '=', userId).execute();
  if (texts.length > 0) {
    await trx
      .deleteFrom('consent_texts')
      .where('version', 'in', texts.map((row) => row.text_version))
      .where('version', 'not in', trx.selectFrom('consent_records').select('text_version'))
      .execute();
  }
  await trx
    .deleteFrom('email_outbox')
    .where((eb) =>
      eb.or([
        eb('appointment_id', 'in', appointments),
        eb('id', 'in', trx.selectFrom('appointment_reminders').select('email_id').where('appointment_id', 'in', appointments)),
        eb('recipient', '=', clinic.email),
      ]),
    )
    .execute();
  await trx.deleteFrom('appointment_reminders').where('appointment_id', 'in', appointments).execute();
  await trx.deleteFrom('appointment_events').where('appointment_id', 'in', appointments).execute();
  await trx.deleteFrom('idempotency_keys').where('appointment_id', 'in', appointments).execute();
  await trx.deleteFrom('measure_alerts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('measures').where('user_id', '=', userId).execute();
  await trx.deleteFrom('measure_plans').where('user_id', '=', userId).execute();
  await trx.deleteFrom('payment_refunds').where('user_id', '=', userId).execute();
  await trx.deleteFrom('appointment_payments').where('user_id', '=', userId).execute();
  await trx.deleteFrom('appointments').where('user_id', '=', userId).execute();
  await trx.deleteFrom('availability_slots').where('psychologist_id', 'in', psychologists).execute();
  await trx.deleteFrom('psychologist_payment_policies').where('user_id', '=', userId).execute();
  await trx.deleteFrom('psychologists').where('user_id', '=', userId).execute();
  await trx.deleteFrom('webhook_deliveries').where('user_id', '=', userId).execute();
  await trx.deleteFrom('webhook_endpoints').where('user_id', '=', userId).execute();
  await trx.deleteFrom('api_keys').where('clinic_id', '=', userId).execute();
  await trx.deleteFrom('screener_event_counters').where('configuration_id', 'in', configurations).execute();
  await trx.deleteFrom('slug_redirects').where('configuration_id', 'in', configurations).execute();
  await trx.deleteFrom('screener_configurations').where('user_id', '=', userId).execute();
  await trx.deleteFrom('audit_log').where('user_id', '=', userId).execute();
  await trx.deleteFrom('operator_sessions').where('clinic_id', '=', userId).execute();
  await trx.deleteFrom('invitations').where('clinic_id', '=', userId).execute();
  const members = (await trx.selectFrom('memberships').select('account_id').where('clinic_id', '=', userId).execute()).map((m) => m.account_id);
  await trx.deleteFrom('memberships').where('clinic_id', '=', userId).execute();
  await trx.deleteFrom('password_reset_requests').where('email', '=', clinic.email).execute();
  await trx.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('clinic_payment_policies').where('user_id', '=', userId).execute();
  await trx.deleteFrom('clinic_stripe_accounts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('booking_blocks').where('user_id', '=', userId).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  if (members.length > 0) await deleteAccountsWithoutClinic(trx, members);
}

/** People left in no clinic have nothing to sign in to: their accounts go, and what hangs on them. */
async function deleteAccountsWithoutClinic(trx: Transaction<Database>, accountIds: string[]): Promise<void> {
  const stillMembers = trx.selectFrom('memberships').select('account_id');
  const orphans = await trx.selectFrom('accounts').select(['id', 'email']).where('id', 'in', accountIds).where('id', 'not in', stillMembers).execute();
  if (orphans.length === 0) return;
  const ids = orphans.map((account) => account.id);
  await trx.deleteFrom('operator_sessions').where('account_id', 'in', ids).execute();
  await trx.deleteFrom('password_reset_tokens').where('account_id', 'in', ids).execute();
  await trx.deleteFrom('password_reset_requests').where('email', 'in', orphans.map((account) => account.email)).execute();
  await deleteTwoFactor(trx, ids);
  await trx.deleteFrom('accounts').where('id', 'in', ids).execute();
}
