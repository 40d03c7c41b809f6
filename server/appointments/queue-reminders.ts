import { randomUUID } from 'node:crypto';
import { addHours, addMilliseconds, subHours } from 'date-fns';
import { leaseAppointmentsToRemind, lockAppointment } from '../../db/repositories/appointments';
import { recordReminder, remindedLeads } from '../../db/repositories/appointment-reminders';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import { inTransaction } from '../../db/transaction';
import { dueReminder, FIRST_REMINDER_HOURS, reminderLeads } from '../../domain/reminders';
import type { AppServices } from '../context';
import { appointmentReminderEmail } from '../mail/booking-emails';
import { brandOfClinic, manageUrl } from './booking-notifications';
import { manageTokenOf } from './manage-token';

/** Appointments leased at a time; a pass leases batch after batch until none is left. */
const BATCH = 200;
/**
 * As long as the job's interval: a process looks at the appointments it leased, and the others
 * leave them alone until the next pass, so each is looked at about once a minute in all.
 */
const LEASE_MS = 60_000;

/** Thrown to roll back a reminder another process queued first. */
const ALREADY_QUEUED = Symbol('already queued');

/**
 * Queues the reminders now due (domain/reminders.ts), each exactly once with any number of
 * processes. The processes share the candidates by leasing them (db/leases.ts), so they do not
 * all try each one; the lease is for speed only. Exactness comes from the transaction: the
 * reminder's row and its mail are written together, under the lock of the appointment's row,
 * after checking that it is still confirmed at the revision read; the row's primary key refuses
 * a second process, whose transaction then rolls back its mail. The outbox sends it once,
 * retries it through an SMTP outage, and never after the session began (its expiry).
 * Cancelling or moving the appointment withdraws it (db/repositories/appointments).
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
    queued += await queueRemindersOf(services, candidates, now);
    if (candidates.length < BATCH) break;
  }
  return queued;
}

async function queueRemindersOf(
  services: Pick<AppServices, 'db' | 'env' | 'metrics'>,
  candidates: Awaited<ReturnType<typeof leaseAppointmentsToRemind>>,
  now: Date,
): Promise<number> {
  const reminded = await remindedLeads(services.db, candidates);
  let queued = 0;
  for (const appointment of candidates) {
    const lead = dueReminder(appointment, reminderLeads(appointment), reminded.get(appointment.id) ?? [], now);
    if (lead === null) continue;
    try {
      const done = await inTransaction(services.db, async (trx) => {
        const current = await lockAppointment(trx, appointment.id);
        if (current?.status !== 'confirmed' || current.revision !== appointment.revision) return false;
        const { brand } = await brandOfClinic(trx, appointment.userId, services.env);
        const link = manageUrl(services.env, appointment.client.language, manageTokenOf(services.env, appointment.id));
        const mail = appointmentReminderEmail(appointment, brand, link);
        const emailId = await enqueueEmail(trx, { kind: `reminder-${lead}h`, to: appointment.client.email, appointmentId: appointment.id, ...mail, expiresAt: appointment.startUtc }, now);
        if (!(await recordReminder(trx, { appointmentId: appointment.id, leadHours: lead, revision: appointment.revision, emailId }))) throw ALREADY_QUEUED;
        return true;
      });
      if (!done) continue;
      queued += 1;
      services.metrics.reminderLagSeconds.observe(Math.max(0, (now.getTime() - subHours(appointment.startUtc, lead).getTime()) / 1000));
    } catch (error) {
      if (error !== ALREADY_QUEUED) throw error;
    }
  }
  return queued;
}
