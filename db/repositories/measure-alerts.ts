import type { Kysely, Transaction } from 'kysely';
import { type AlertReason, alertReasonOf } from '../../domain/measure-alerts';
import { asDate } from '../dates';
import { lockedRows } from '../row-locks';
import type { Database } from '../schema';

/** An alert as delivery needs it: whose clinic, whose client, nothing of the measure. */
export interface AlertToSend {
  id: string;
  userId: string;
  psychologistId: string;
}

/** An alert still waiting for someone, as the Today view and the inbox list it. */
export interface OpenAlert {
  id: string;
  appointmentId: string;
  clientName: string;
  psychologist: { id: string; name: string };
  reason: AlertReason;
  raisedAt: Date;
  escalatedAt: Date | null;
}

/** Who acknowledged an alert and when; null while nobody has. */
export interface Acknowledgement {
  at: Date;
  /** The member's username; null once their account is deleted. */
  by: string | null;
}

const toSend = (row: { id: string; user_id: string; psychologist_id: string }): AlertToSend => ({ id: row.id, userId: row.user_id, psychologistId: row.psychologist_id });

/** Alerts not yet sent to anyone, the oldest first. */
export async function listAlertsToNotify(db: Kysely<Database>, limit: number): Promise<AlertToSend[]> {
  const rows = await db.selectFrom('measure_alerts').select(['id', 'user_id', 'psychologist_id']).where('notified_at', 'is', null).orderBy('raised_at').limit(limit).execute();
  return rows.map(toSend);
}

/** Alerts sent at or before `notifiedBy` that nobody acknowledged and that were not escalated yet, the oldest first. */
export async function listAlertsToEscalate(db: Kysely<Database>, notifiedBy: Date, limit: number): Promise<AlertToSend[]> {
  const rows = await db
    .selectFrom('measure_alerts')
    .select(['id', 'user_id', 'psychologist_id'])
    .where('acknowledged_at', 'is', null)
    .where('escalated_at', 'is', null)
    .where('notified_at', '<=', notifiedBy)
    .orderBy('notified_at')
    .limit(limit)
    .execute();
  return rows.map(toSend);
}

/**
 * Claims an alert's notice: true for the one caller whose guarded update set notified_at, so its
 * mails go once with any number of processes (the caller queues them in the same transaction).
 */
export async function claimNotification(db: Kysely<Database>, alertId: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('measure_alerts').set({ notified_at: now }).where('id', '=', alertId).where('notified_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims an alert's escalation, as claimNotification does, and only while nobody has acknowledged it. */
export async function claimEscalation(db: Kysely<Database>, alertId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('measure_alerts')
    .set({ escalated_at: now })
    .where('id', '=', alertId)
    .where('escalated_at', 'is', null)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The clinic's unacknowledged alerts, escalated ones first, then the oldest; a psychologist's own profile's only when given. */
export async function listOpenAlerts(db: Kysely<Database>, userId: string, filter: { psychologistId: string | undefined; limit: number }): Promise<OpenAlert[]> {
  const rows = await db
    .selectFrom('measure_alerts')
    .innerJoin('measure_plans', 'measure_plans.id', 'measure_alerts.plan_id')
    .innerJoin('appointments', 'appointments.id', 'measure_plans.appointment_id')
    .innerJoin('psychologists', 'psychologists.id', 'measure_alerts.psychologist_id')
    .select([
      'measure_alerts.id',
      'measure_plans.appointment_id',
      'appointments.client_name',
      'measure_alerts.psychologist_id',
      'psychologists.name as psychologist_name',
      'measure_alerts.reason',
      'measure_alerts.raised_at',
      'measure_alerts.escalated_at',
    ])
    .where('measure_alerts.user_id', '=', userId)
    .where('measure_alerts.acknowledged_at', 'is', null)
    .$if(filter.psychologistId !== undefined, (query) => query.where('measure_alerts.psychologist_id', '=', filter.psychologistId!))
    .orderBy('measure_alerts.raised_at')
    .orderBy('measure_alerts.id')
    .limit(filter.limit)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      appointmentId: row.appointment_id,
      clientName: row.client_name,
      psychologist: { id: row.psychologist_id, name: row.psychologist_name },
      reason: alertReasonOf(row.reason),
      raisedAt: asDate(row.raised_at),
      escalatedAt: row.escalated_at === null ? null : asDate(row.escalated_at),
    }))
    .sort((a, b) => Number(b.escalatedAt !== null) - Number(a.escalatedAt !== null));
}

/**
 * The alert's clinic-side facts and who acknowledged it, its row locked (on MySQL: SQLite writes
 * one at a time) until the transaction ends, so an acknowledgement racing this one waits and then
 * reads it.
 */
export async function lockAlertOf(
  trx: Transaction<Database>,
  userId: string,
  alertId: string,
): Promise<{ psychologistId: string; appointmentId: string; acknowledgement: Acknowledgement | null } | undefined> {
  const row = await lockedRows(
    trx,
    trx
      .selectFrom('measure_alerts')
      .innerJoin('measure_plans', 'measure_plans.id', 'measure_alerts.plan_id')
      .leftJoin('accounts', 'accounts.id', 'measure_alerts.acknowledged_by')
      .select(['measure_alerts.psychologist_id', 'measure_plans.appointment_id', 'measure_alerts.acknowledged_at', 'accounts.username'])
      .where('measure_alerts.user_id', '=', userId)
      .where('measure_alerts.id', '=', alertId),
  ).executeTakeFirst();
  return (
    row && {
      psychologistId: row.psychologist_id,
      appointmentId: row.appointment_id,
      acknowledgement: row.acknowledged_at === null ? null : { at: asDate(row.acknowledged_at), by: row.username ?? null },
    }
  );
}

/** Acknowledges the alert by a guarded update: true for the one call that did. */
export async function acknowledgeAlert(db: Kysely<Database>, alertId: string, by: { accountId: string; note: string | null; now: Date }): Promise<boolean> {
  const result = await db
    .updateTable('measure_alerts')
    .set({ acknowledged_at: by.now, acknowledged_by: by.accountId, note: by.note })
    .where('id', '=', alertId)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
