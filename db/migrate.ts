import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/2026-11-22T0900-initial';
import * as rateLimits from './migrations/2026-11-22T1000-rate-limits';
import * as subscriptionEventTime from './migrations/2026-11-22T1200-subscription-event-time';
import * as bookingsMade from './migrations/2026-11-22T1300-bookings-made';
import * as eraseSentMail from './migrations/2026-11-23T2200-erase-sent-mail';
import * as aiInsightsSwitch from './migrations/2026-11-23T2230-ai-insights-switch';
import * as operatorSessions from './migrations/2026-11-23T2300-operator-sessions';
import * as passwordResetRequests from './migrations/2026-11-23T2330-password-reset-requests';
import * as bookingLifecycle from './migrations/2026-11-25T0300-booking-lifecycle';
import * as cancellationNotice from './migrations/2026-11-25T0400-cancellation-notice';
import * as remindersAndCalendars from './migrations/2026-11-25T0600-reminders-and-calendars';
import * as webhooks from './migrations/2026-11-25T0800-webhooks';
import * as sharedResultsConsentsAudit from './migrations/2026-11-25T0830-shared-results-consents-audit';
import * as clinicCrisisContact from './migrations/2026-11-25T0840-clinic-crisis-contact';
import * as screenerEventCounters from './migrations/2026-11-25T0850-screener-event-counters';
import * as retention from './migrations/2026-11-25T0900-retention';
import * as clinicMembers from './migrations/2026-11-26T0100-clinic-members';
import * as twoFactor from './migrations/2026-11-26T0200-two-factor';
import * as portableLeases from './migrations/2026-11-26T0300-portable-leases';
import * as stockPrivacyText from './migrations/2026-11-26T0500-stock-privacy-text';
import * as requireTwoFactor from './migrations/2026-11-26T0900-require-two-factor';
import * as holdBounds from './migrations/2026-11-27T1000-hold-bounds';
import * as clinicAcceptedAllowance from './migrations/2026-11-27T1100-clinic-accepted-allowance';
import * as ownerEmailVerification from './migrations/2026-11-27T1200-owner-email-verification';
import * as webhookSecretRoll from './migrations/2026-11-27T1300-webhook-secret-roll';
import * as normalisedAccountNames from './migrations/2026-11-27T1400-normalised-account-names';
import * as closedLinks from './migrations/2026-11-27T1500-closed-links';
import * as weeklySchedules from './migrations/2026-11-28T0100-weekly-schedules';
import * as scheduleSlotLock from './migrations/2026-11-29T0700-schedule-slot-lock';
import * as sessionPlaces from './migrations/2026-11-28T0200-session-places';
import * as visitorCancelReason from './migrations/2026-11-28T0900-visitor-cancel-reason';
import * as whiteLabel from './migrations/2026-11-28T0300-white-label';
import * as webhookCatalogue from './migrations/2026-11-29T0100-webhook-catalogue';
import * as idempotencyKeys from './migrations/2026-11-29T0300-idempotency-keys';
import * as apiKeys from './migrations/2026-11-29T0200-api-keys';
import * as payments from './migrations/2026-11-30T0100-payments';
import * as whatsapp from './migrations/2026-11-30T0200-whatsapp';
import * as measurePlans from './migrations/2026-11-30T0300-measure-plans';
import * as whatsappRepliesOnce from './migrations/2026-11-30T0400-whatsapp-replies-once';
import * as measuresAndAlerts from './migrations/2026-11-30T0500-measures-and-alerts';
import * as whatsappOnceKey from './migrations/2026-11-30T0550-whatsapp-once-key';
import * as bookingPaymentTerms from './migrations/2026-11-30T0610-booking-payment-terms';
import * as paymentsOutliveAppointments from './migrations/2026-11-30T0700-payments-outlive-appointments';
import * as measurePlanEnd from './migrations/2026-11-30T0710-measure-plan-end';
import * as measurePlanNextDue from './migrations/2026-11-30T0920-measure-plan-next-due';

// Listed by hand rather than read from disk so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
  '2026-11-22T1000-rate-limits': rateLimits,
  '2026-11-22T1200-subscription-event-time': subscriptionEventTime,
  '2026-11-22T1300-bookings-made': bookingsMade,
  '2026-11-23T2200-erase-sent-mail': eraseSentMail,
  '2026-11-23T2230-ai-insights-switch': aiInsightsSwitch,
  '2026-11-23T2300-operator-sessions': operatorSessions,
  '2026-11-23T2330-password-reset-requests': passwordResetRequests,
  '2026-11-25T0300-booking-lifecycle': bookingLifecycle,
  '2026-11-25T0400-cancellation-notice': cancellationNotice,
  '2026-11-25T0600-reminders-and-calendars': remindersAndCalendars,
  '2026-11-25T0800-webhooks': webhooks,
  '2026-11-25T0830-shared-results-consents-audit': sharedResultsConsentsAudit,
  '2026-11-25T0840-clinic-crisis-contact': clinicCrisisContact,
  '2026-11-25T0850-screener-event-counters': screenerEventCounters,
  '2026-11-25T0900-retention': retention,
  '2026-11-26T0100-clinic-members': clinicMembers,
  '2026-11-26T0200-two-factor': twoFactor,
  '2026-11-26T0300-portable-leases': portableLeases,
  '2026-11-26T0500-stock-privacy-text': stockPrivacyText,
  '2026-11-26T0900-require-two-factor': requireTwoFactor,
  '2026-11-27T1000-hold-bounds': holdBounds,
  '2026-11-27T1100-clinic-accepted-allowance': clinicAcceptedAllowance,
  '2026-11-27T1200-owner-email-verification': ownerEmailVerification,
  '2026-11-27T1300-webhook-secret-roll': webhookSecretRoll,
  '2026-11-27T1400-normalised-account-names': normalisedAccountNames,
  '2026-11-27T1500-closed-links': closedLinks,
  '2026-11-28T0100-weekly-schedules': weeklySchedules,
  '2026-11-28T0200-session-places': sessionPlaces,
  '2026-11-28T0900-visitor-cancel-reason': visitorCancelReason,
  '2026-11-28T0300-white-label': whiteLabel,
  '2026-11-29T0100-webhook-catalogue': webhookCatalogue,
  '2026-11-29T0300-idempotency-keys': idempotencyKeys,
  '2026-11-29T0200-api-keys': apiKeys,
  '2026-11-29T0700-schedule-slot-lock': scheduleSlotLock,
  '2026-11-30T0100-payments': payments,
  '2026-11-30T0200-whatsapp': whatsapp,
  '2026-11-30T0300-measure-plans': measurePlans,
  '2026-11-30T0400-whatsapp-replies-once': whatsappRepliesOnce,
  '2026-11-30T0500-measures-and-alerts': measuresAndAlerts,
  '2026-11-30T0550-whatsapp-once-key': whatsappOnceKey,
  '2026-11-30T0610-booking-payment-terms': bookingPaymentTerms,
  '2026-11-30T0700-payments-outlive-appointments': paymentsOutliveAppointments,
  '2026-11-30T0710-measure-plan-end': measurePlanEnd,
  '2026-11-30T0920-measure-plan-next-due': measurePlanNextDue,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** The migrations this build knows that the database has not run: empty when it is current. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
