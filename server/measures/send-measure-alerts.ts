import { subHours } from 'date-fns';
import { claimEscalation, claimNotification, listAlertsToEscalate, listAlertsToNotify, type AlertToSend } from '../../db/repositories/measure-alerts';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { listStaffAddresses } from '../../db/repositories/memberships';
import { inTransaction } from '../../db/transaction';
import { ESCALATE_AFTER_HOURS } from '../../domain/measure-alerts';
import type { Role } from '../../domain/roles';
import { brandOfClinic } from '../appointments/booking-notifications';
import type { AppServices } from '../context';
import { measureAlertEmail } from '../mail/measure-alert-emails';
import { enqueueStaffAlert } from '../whatsapp/staff-alert';

/** Alerts read at a time; a pass reads again while a batch comes back full. */
const BATCH = 100;

/** Who hears of an alert besides the client's psychologist, and who alone hears of its escalation. */
const CLINIC_LEADS: readonly Role[] = ['owner', 'admin'];

/** The first notice, or the second one to the owner and admins of an alert nobody acknowledged. */
interface Step {
  escalated: boolean;
  due: (services: Pick<AppServices, 'db' | 'now'>) => Promise<AlertToSend[]>;
  claim: typeof claimNotification;
  to: (alert: AlertToSend) => { roles: readonly Role[]; psychologistId?: string };
}

const NOTICE: Step = {
  escalated: false,
  due: (services) => listAlertsToNotify(services.db, BATCH),
  claim: claimNotification,
  to: (alert) => ({ roles: CLINIC_LEADS, psychologistId: alert.psychologistId }),
};

/**
 * 24 hours after the notice went, rather than after the alert was raised: they are a job's
 * interval apart, and after an outage the notice is not followed at once by its escalation.
 */
const ESCALATION: Step = {
  escalated: true,
  due: (services) => listAlertsToEscalate(services.db, subHours(services.now(), ESCALATE_AFTER_HOURS), BATCH),
  claim: claimEscalation,
  to: () => ({ roles: CLINIC_LEADS }),
};

/**
 * Sends the alerts on measures (issue 30, docs/decisions/0068): each new one to the client's
 * psychologist (their account, if any), the owner and the admins, and each left unacknowledged
 * 24 hours to the owner and admins again; by e-mail, and by WhatsApp to the clinic's crisis
 * contact where the clinic has one. Each goes once with any number of processes: a guarded update
 * claims it (notified_at, escalated_at), and its mails and message are queued in the claim's
 * transaction, so a process that loses the claim queues nothing and one that fails midway
 * leaves the alert to the next pass. Answers the number of alerts sent.
 */
export async function sendMeasureAlerts(services: Pick<AppServices, 'db' | 'env' | 'now'>, stopping?: AbortSignal): Promise<number> {
  let sent = 0;
  for (const step of [NOTICE, ESCALATION]) {
    for (let batch = await step.due(services); batch.length > 0 && !stopping?.aborted; batch = batch.length === BATCH ? await step.due(services) : []) {
      for (const alert of batch) {
        if (stopping?.aborted) break;
        if (await send(services, step, alert)) sent++;
      }
    }
  }
  return sent;
}

async function send(services: Pick<AppServices, 'db' | 'env' | 'now'>, step: Step, alert: AlertToSend): Promise<boolean> {
  const now = services.now();
  return inTransaction(services.db, async (trx) => {
    if (!(await step.claim(trx, alert.id, now))) return false;
    const { brand } = await brandOfClinic(trx, alert.userId, services.env);
    const mail = measureAlertEmail(brand, `${services.env.publicUrl}/admin/today`, step.escalated);
    const recipients = await listStaffAddresses(trx, alert.userId, step.to(alert));
    const kind = step.escalated ? 'measure-alert-escalated' : 'measure-alert';
    await enqueueEmails(trx, recipients.map((to) => ({ kind, to, ...mail })), now);
    await enqueueStaffAlert(trx, 'measure_alert', alert.userId, { env: services.env, now });
    return true;
  });
}
