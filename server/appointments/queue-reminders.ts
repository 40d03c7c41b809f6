import { randomUUID } from 'node:crypto';
import { addHours, addMilliseconds, addMinutes, subHours } from 'date-fns';
import { leaseAppointmentsToRemind, lockAppointments } from '../../db/repositories/appointments';
import { recordReminders, remindedLeads, remindedLeadsSoFar } from '../../db/repositories/appointment-reminders';
import { enqueueEmails, type OutboxEmail } from '../../db/repositories/email-outbox';
import { inTransaction } from '../../db/transaction';
import { isDatabaseBusy } from '../../db/connection-errors';
import { releaseLeases } from '../../db/leases';
import { dueReminder, FIRST_REMINDER_HOURS, reminderLeads } from '../../domain/reminders';
import type { AppServices } from '../context';
import { appointmentReminderEmail } from '../mail/booking-emails';
import type { EmailBrand } from '../mail/render-email';
import { brandOfClinic, manageUrl } from './booking-notifications';
import { enqueueWhatsapp } from '../../db/repositories/whatsapp-outbox';
import { DELIVERY_DEADLINE_MINUTES } from '../../domain/whatsapp-messages';
import { type WhatsappClinic, messagingClinicOf, whatsappNotice, wantsWhatsapp } from '../whatsapp/whatsapp-notices';
import { manageTokenOf } from './manage-token';

/** Appointments leased at a time; a pass leases batch after batch until none is left. */
const BATCH = 200;
/**
 * As long as the job's interval: a process looks at the appointments it leased, and the others
 * leave them alone until the next pass, so each is looked at about once a minute in all.
 */
const LEASE_MS = 60_000;

/**
 * Queues the reminders now due (domain/reminders.ts), each exactly once with any number of
 * processes. The processes share the candidates by leasing them (db/leases.ts), so they do not
 * all try each one; the lease is for speed only. Exactness comes from the batch's transaction:
 * the reminders' rows and their mails are written together, under the locks of the appointments'
 * rows, after checking that each is still confirmed at the revision read and not yet reminded
 * of; the rows' primary key would refuse a second process, rolling back its mails. The outbox
 * sends each once, retries it through an SMTP outage, and never after the session began (its
 * expiry). Cancelling or moving the appointment withdraws it (db/repositories/appointments).
 */
export async function queueDueReminders(services: Pick<AppServices, 'db' | 'dialect' | 'env' | 'now' | 'metrics'>, stopping?: AbortSignal): Promise<number> {
  const now = services.now();
  const range = { after: now, until: addHours(now, FIRST_REMINDER_HOURS) };
  let queued = 0;
  // A shutdown ends the pass between batches; the next process to run the job goes on.
  while (!stopping?.aborted) {
    // Each batch's lease runs from when it is taken: a pass through thousands of reminders
    // outlasts a minute, and a lease dated from its start would hand later batches to all.
    const leasedAt = services.now();
    const lease = { owner: randomUUID(), now: leasedAt, lockedUntil: addMilliseconds(leasedAt, LEASE_MS), limit: BATCH };
    const candidates = await leaseAppointmentsToRemind(services.db, services.dialect, range, lease);
    try {
      queued += await queueRemindersOf(services, candidates, now);
    } catch (error) {
      // A batch whose transaction lost to the database for a moment (twice a deadlock's victim,
      // as happened under load in issue 31) ends the pass; its appointments go back at once to
      // the leases of the passes still running in other processes, instead of waiting out this
      // lease's minute. Any other failure keeps its lease: released, a batch that fails every
      // time would come first in every lease (they are taken oldest lock first) and hold back
      // every reminder after it.
      if (isDatabaseBusy(error)) await releaseLeases(services.db, 'appointments', lease.owner, candidates.map((appointment) => appointment.id));
      throw error;
    }
    // Only an empty lease ends the pass: a short one may have lost rows to another process's
    // lease at the same moment while more are left, which would otherwise wait for the next
    // pass, a minute later (issue 31: the last 400 of 10,000 did, under load).
    if (candidates.length === 0) break;
  }
  return queued;
}

type Candidate = Awaited<ReturnType<typeof leaseAppointmentsToRemind>>[number];

/** The candidates with a reminder due now, given the leads each was already reminded of. */
function dueOf(candidates: readonly Candidate[], reminded: Map<string, number[]>, now: Date) {
  return candidates.flatMap((appointment) => {
    const lead = dueReminder(appointment, reminderLeads(appointment), reminded.get(appointment.id) ?? [], now);
    return lead === null ? [] : [{ appointment, lead }];
  });
}

/**
 * Queues a batch's due reminders in one transaction: its appointments locked in one statement,
 * what was already reminded of read under those locks, and the mails and reminder rows written in
 * one statement each. The clinics' brands are read before it, once each, for what is due as
 * committed now, and so are the clinics that send WhatsApp: the locks are held for what must be
 * exact, not for reading configurations.
 */
async function queueRemindersOf(services: Pick<AppServices, 'db' | 'env' | 'metrics'>, candidates: readonly Candidate[], now: Date): Promise<number> {
  const brands = new Map<string, EmailBrand>();
  const probablyDue = dueOf(candidates, await remindedLeadsSoFar(services.db, candidates), now);
  for (const userId of new Set(probablyDue.map(({ appointment }) => appointment.userId))) {
    brands.set(userId, (await brandOfClinic(services.db, userId, services.env)).brand);
  }
  // Which clinics send WhatsApp is read here too, for the same reason.
  const whatsappClinics = new Map<string, WhatsappClinic | undefined>();
  for (const userId of new Set(probablyDue.filter(({ appointment }) => wantsWhatsapp(appointment)).map(({ appointment }) => appointment.userId))) {
    whatsappClinics.set(userId, await messagingClinicOf(services.db, userId, services.env));
  }
  const due = await inTransaction(services.db, async (trx) => {
    const current = await lockAppointments(trx, candidates.map((appointment) => appointment.id));
    const unchanged = candidates.filter((appointment) => {
      const row = current.get(appointment.id);
      // An erased visitor has no address left, and enqueueEmails writes no mail for them.
      return row?.status === 'confirmed' && row.revision === appointment.revision && appointment.client.email !== '';
    });
    // Due under the locks and not before cannot happen (reminders are only added); should it,
    // the appointment waits for the next pass rather than go without its clinic's brand.
    const due = dueOf(unchanged, await remindedLeads(trx, unchanged), now).filter(({ appointment }) => brands.has(appointment.userId));
    const byWhatsapp = ({ appointment }: (typeof due)[number]) => (wantsWhatsapp(appointment) ? whatsappClinics.get(appointment.userId) : undefined);
    const mails = due.map((reminder): OutboxEmail => {
      const { appointment, lead } = reminder;
      const link = manageUrl(services.env, appointment.client.language, manageTokenOf(services.env, appointment.id));
      const mail = appointmentReminderEmail(appointment, brands.get(appointment.userId)!, link);
      // With a WhatsApp reminder the mail stands by: it goes if that one fails or is not delivered in time.
      const notBefore = byWhatsapp(reminder) ? addMinutes(now, DELIVERY_DEADLINE_MINUTES) : undefined;
      return { kind: `reminder-${lead}h`, to: appointment.client.email, appointmentId: appointment.id, ...mail, expiresAt: appointment.startUtc, notBefore };
    });
    const emailIds = await enqueueEmails(trx, mails, now);
    const messages = due.flatMap((reminder, index) => {
      const clinic = byWhatsapp(reminder);
      if (!clinic) return [];
      const { appointment, lead } = reminder;
      const extra = { manageToken: manageTokenOf(services.env, appointment.id), expiresAt: appointment.startUtc, fallbackEmailId: emailIds[index] };
      return [whatsappNotice(lead === FIRST_REMINDER_HOURS ? 'reminder_24h' : 'reminder_2h', appointment, clinic, extra)];
    });
    await enqueueWhatsapp(trx, messages, now);
    await recordReminders(trx, due.map(({ appointment, lead }, index) => ({ appointmentId: appointment.id, leadHours: lead, revision: appointment.revision, emailId: emailIds[index]! })));
    return due;
  });
  for (const { appointment, lead } of due) {
    services.metrics.reminderLagSeconds.observe(Math.max(0, (now.getTime() - subHours(appointment.startUtc, lead).getTime()) / 1000));
  }
  return due.length;
}
