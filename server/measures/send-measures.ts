import { randomUUID } from 'node:crypto';
import { addDays } from 'date-fns';
import type { Transaction } from 'kysely';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import {
  claimMeasureReminder,
  clientSessionsOf,
  duePlansAfter,
  insertMeasure,
  lockOpenPlan,
  measuresToRemindAfter,
  type PlanToMeasure,
  sentMeasuresOf,
  setPlanNextDue,
} from '../../db/repositories/measures';
import { enqueueWhatsapp } from '../../db/repositories/whatsapp-outbox';
import { lockWhatsappOfBooking } from '../../db/repositories/whatsapp-settings';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { type DueMeasure, FORTNIGHT_DAYS, followsSessions, nextMeasureDue } from '../../domain/measure-schedule';
import type { MeasureWhatsappKind } from '../../domain/whatsapp-messages';
import type { Locales } from '../../i18n/i18n-types';
import { hashSecretToken } from '../auth/secret-tokens';
import type { AppServices } from '../context';
import type { Env } from '../env';
import { brandOfClinic } from '../appointments/booking-notifications';
import type { EmailBrand, RenderedEmail } from '../mail/render-email';
import { measureEmail } from '../mail/measure-emails';
import { measureWhatsapp, wantsWhatsapp, type WhatsappClinic, messagingClinicOf } from '../whatsapp/whatsapp-notices';
import { measureTokenOf } from './measure-token';

/** Plans (and measures to remind of) read at a time; a pass reads page after page. */
const PAGE = 200;
const DAY_MS = 86_400_000;

type Services = Pick<AppServices, 'db' | 'env' | 'now'>;

/** What a clinic's measures go out with: its brand for the mail, its sender for WhatsApp. */
interface MeasureClinic {
  brand: EmailBrand;
  whatsapp: WhatsappClinic | undefined;
}

/**
 * A page's reader of clinics: each clinic read once, when a measure of it is first due, before any
 * transaction (the plan's lock is held for what must be exact, not for reading configurations).
 */
function clinicsOnce(services: Services): (userId: string) => Promise<MeasureClinic> {
  const read = new Map<string, Promise<MeasureClinic>>();
  return (userId) => {
    let clinic = read.get(userId);
    if (!clinic) {
      clinic = Promise.all([brandOfClinic(services.db, userId, services.env), messagingClinicOf(services.db, userId, services.env)]).then(([{ brand }, whatsapp]) => ({ brand, whatsapp }));
      read.set(userId, clinic);
    }
    return clinic;
  };
}

/**
 * Queues a measure's mail, and its WhatsApp message where `whatsapp` says so, in the caller's
 * transaction: both carry the measure's one link and lapse with it.
 */
async function queueMeasureNotices(
  trx: Transaction<Database>,
  kind: MeasureWhatsappKind,
  measure: { appointmentId: string; email: string; language: Locales; token: string; expiresAt: Date },
  mail: RenderedEmail,
  whatsapp: { clinic: WhatsappClinic; phone: string } | undefined,
  now: Date,
): Promise<void> {
  const mailKind = kind === 'measure' ? 'measure' : 'measure-reminder';
  await enqueueEmail(trx, { kind: mailKind, to: measure.email, appointmentId: measure.appointmentId, ...mail, expiresAt: measure.expiresAt }, now);
  if (whatsapp) await enqueueWhatsapp(trx, [measureWhatsapp(kind, { ...measure, phone: whatsapp.phone }, whatsapp.clinic)], now);
}

/** The measure's page, in the client's language; the token is only ever in their mails. */
export function measureUrl(env: Pick<Env, 'publicUrl'>, language: Locales, token: string): string {
  return `${env.publicUrl}${language === 'ms' ? '/ms' : ''}/measure/${token}`;
}

/**
 * What a measure is for, the key that makes it go once per plan: the session it comes before, the
 * fortnight since enrolment it is sent in (a late one counts for that one, as the schedule counts
 * it), or the one measure of `once`.
 */
function occasionOf(plan: Pick<PlanToMeasure, 'schedule' | 'enrolledAt'>, due: DueMeasure, now: Date): string {
  if (due.session) return `session:${due.session.appointmentId}`;
  if (plan.schedule === 'once') return 'once';
  return `fortnight:${Math.floor((now.getTime() - plan.enrolledAt.getTime()) / (FORTNIGHT_DAYS * DAY_MS))}`;
}

/**
 * Where a measure (or its reminder) also goes by WhatsApp, read in the caller's
 * transaction with the booking's row locked: the client's booking they were enrolled from holds
 * the WhatsApp consent, not withdrawn by STOP. `clinic` is the clinic's sender, read before the
 * transaction; undefined when WhatsApp is not set up or the clinic switched it off. The lock is taken
 * before the plan's, in the order an erasure takes them; a STOP waits for it and then withdraws
 * the message queued under it (server/whatsapp/stop-whatsapp.ts).
 */
async function whatsappTo(trx: Transaction<Database>, clinic: WhatsappClinic | undefined, appointmentId: string): Promise<{ clinic: WhatsappClinic; phone: string } | undefined> {
  if (!clinic) return undefined;
  const booking = await lockWhatsappOfBooking(trx, appointmentId);
  return booking && wantsWhatsapp(booking) ? { clinic, phone: booking.client.phone } : undefined;
}

/**
 * Sends each open plan's measure that is due (domain/measure-schedule.ts), of the plans the
 * indexes name as possibly due (duePlansAfter), by e-mail and, where
 * the client consented to it, by WhatsApp, exactly once with any number of processes: the
 * measure's row, its mail and its message are written in one transaction under the plan's lock,
 * and the UNIQUE (plan_id, occasion) index refuses a second sender, rolling back its mail and
 * message. A withdrawal or an end waits for the lock, and a measure is never sent after it.
 */
export async function sendDueMeasures(services: Services, stopping?: AbortSignal): Promise<number> {
  const now = services.now();
  let sent = 0;
  let after = '';
  while (!stopping?.aborted) {
    const plans = await duePlansAfter(services.db, now, after, PAGE);
    const clinicOf = clinicsOnce(services);
    for (const plan of plans) if (await sendDueMeasureOf(services, plan, clinicOf, now)) sent++;
    if (plans.length < PAGE) break;
    after = plans.at(-1)!.id;
  }
  return sent;
}

async function sendDueMeasureOf(services: Services, plan: PlanToMeasure, clinicOf: (userId: string) => Promise<MeasureClinic>, now: Date): Promise<boolean> {
  const sessions = await clientSessionsOf(services.db, plan);
  const sent = await sentMeasuresOf(services.db, plan.id);
  const timing = { schedule: plan.schedule, enrolledAt: plan.enrolledAt, withdrawnAt: null };
  const due = nextMeasureDue(timing, sessions, sent, now);
  // A fixed schedule's plan is read again when its next_due_at comes: kept here as the schedule computes it.
  const fixed = !followsSessions(plan.schedule);
  if (!due || due.dueAt > now) {
    // Looked at before its time (just enrolled, or migrated): it learns when it is due.
    if (fixed) await setPlanNextDue(services.db, plan.id, due?.dueAt ?? null);
    return false;
  }
  const occasion = occasionOf(plan, due, now);
  const clinic = await clinicOf(plan.userId);
  const id = randomUUID();
  const token = measureTokenOf(services.env, id);
  const expiresAt = addDays(now, plan.expiryDays);
  const mail = measureEmail({ language: plan.client.language, expiresAt, timezone: plan.client.timezone, reminder: false }, clinic.brand, measureUrl(services.env, plan.client.language, token));
  try {
    return await inTransaction(services.db, async (trx) => {
      const whatsapp = await whatsappTo(trx, clinic.whatsapp, plan.appointmentId);
      if (!(await lockOpenPlan(trx, plan.id))) return false;
      await insertMeasure(trx, {
        id,
        userId: plan.userId,
        planId: plan.id,
        psychologistId: plan.psychologistId,
        occasion,
        sessionAppointmentId: due.session?.appointmentId ?? null,
        instruments: plan.instruments,
        language: plan.client.language,
        tokenHash: hashSecretToken(token),
        dueAt: due.dueAt,
        sentAt: now,
        expiresAt,
      });
      if (fixed) await setPlanNextDue(trx, plan.id, nextMeasureDue(timing, sessions, [...sent, { sentAt: now, session: null }], now)?.dueAt ?? null);
      const measure = { appointmentId: plan.appointmentId, email: plan.client.email, language: plan.client.language, token, expiresAt };
      await queueMeasureNotices(trx, 'measure', measure, mail, whatsapp, now);
      return true;
    });
  } catch (error) {
    // Another process sent this occasion's measure first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Reminds once of each measure unanswered `measure_reminder_days` after it was sent, while it is
 * open: a guarded UPDATE claims the reminder under the plan's lock, and its mail (and its
 * WhatsApp message, as the measure's went) is queued in the same transaction, so of any number
 * of processes one reminds, and never after the plan was withdrawn or ended. Both carry the
 * same link as the first.
 */
export async function remindOfMeasures(services: Services, stopping?: AbortSignal): Promise<number> {
  const now = services.now();
  let reminded = 0;
  let after = '';
  while (!stopping?.aborted) {
    const measures = await measuresToRemindAfter(services.db, now, after, PAGE);
    const clinicOf = clinicsOnce(services);
    for (const measure of measures.filter((candidate) => addDays(candidate.sentAt, candidate.reminderDays) <= now)) {
      const clinic = await clinicOf(measure.userId);
      const token = measureTokenOf(services.env, measure.id);
      const url = measureUrl(services.env, measure.language, token);
      const mail = measureEmail({ language: measure.language, expiresAt: measure.expiresAt, timezone: measure.client.timezone, reminder: true }, clinic.brand, url);
      const claimed = await inTransaction(services.db, async (trx) => {
        const whatsapp = await whatsappTo(trx, clinic.whatsapp, measure.appointmentId);
        if (!(await lockOpenPlan(trx, measure.planId))) return false;
        if (!(await claimMeasureReminder(trx, measure.id, now))) return false;
        const reminder = { appointmentId: measure.appointmentId, email: measure.client.email, language: measure.language, token, expiresAt: measure.expiresAt };
        await queueMeasureNotices(trx, 'measure_reminder', reminder, mail, whatsapp, now);
        return true;
      });
      if (claimed) reminded++;
    }
    if (measures.length < PAGE) break;
    after = measures.at(-1)!.id;
  }
  return reminded;
}
