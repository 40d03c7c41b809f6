import type { Kysely } from 'kysely';
import { type Deposit, type LateCancelRule, NO_PAYMENT_POLICY, type PaymentMode, type PaymentPolicy } from '../../domain/payment-policy';
import type { DialectName } from '../connect';
import type { Database } from '../schema';

/** The columns a policy is stored in, the clinic's and a psychologist's alike. */
interface PolicyRow {
  mode: string;
  deposit_kind: string | null;
  deposit_value: number | null;
  late_cancel_keeps: string;
  late_cancel_percent: number | null;
}

export const POLICY_COLUMNS = ['mode', 'deposit_kind', 'deposit_value', 'late_cancel_keeps', 'late_cancel_percent'] as const;

export function toPolicy(row: PolicyRow): PaymentPolicy {
  const value = Number(row.deposit_value);
  const deposit: Deposit | null = row.deposit_kind === 'fixed' ? { kind: 'fixed', sen: value } : row.deposit_kind === 'percent' ? { kind: 'percent', percent: value } : null;
  const lateCancel: LateCancelRule =
    row.late_cancel_keeps === 'percent'
      ? { keeps: 'percent', percent: Number(row.late_cancel_percent) }
      : row.late_cancel_keeps === 'deposit'
        ? { keeps: 'deposit' }
        : { keeps: 'nothing' };
  return { mode: row.mode as PaymentMode, deposit, lateCancel };
}

export function toRow(policy: PaymentPolicy): PolicyRow {
  return {
    mode: policy.mode,
    deposit_kind: policy.deposit?.kind ?? null,
    deposit_value: policy.deposit === null ? null : policy.deposit.kind === 'fixed' ? policy.deposit.sen : policy.deposit.percent,
    late_cancel_keeps: policy.lateCancel.keeps,
    late_cancel_percent: policy.lateCancel.keeps === 'percent' ? policy.lateCancel.percent : null,
  };
}

export interface ClinicPaymentSettings {
  policy: PaymentPolicy;
  /** Minda's fee on each payment in basis points (1/100 of a percent): 0 unless Minda changes it. */
  platformFeeBasisPoints: number;
}

/** The clinic's policy; one that never chose takes nothing at booking. */
export async function findClinicPaymentSettings(db: Kysely<Database>, userId: string): Promise<ClinicPaymentSettings> {
  const row = await db
    .selectFrom('clinic_payment_policies')
    .select([...POLICY_COLUMNS, 'platform_fee_basis_points'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { policy: toPolicy(row), platformFeeBasisPoints: Number(row.platform_fee_basis_points) } : { policy: NO_PAYMENT_POLICY, platformFeeBasisPoints: 0 };
}

/** The psychologists of the clinic who have a policy of their own, by their id. */
export async function listPsychologistPolicies(db: Kysely<Database>, userId: string): Promise<Map<string, PaymentPolicy>> {
  const rows = await db.selectFrom('psychologist_payment_policies').select(['psychologist_id', ...POLICY_COLUMNS]).where('user_id', '=', userId).execute();
  return new Map(rows.map((row) => [row.psychologist_id, toPolicy(row)]));
}

/** The psychologist's own policy, or null when they follow the clinic's. */
export async function findPsychologistPolicy(db: Kysely<Database>, psychologistId: string): Promise<PaymentPolicy | null> {
  const row = await db.selectFrom('psychologist_payment_policies').select(POLICY_COLUMNS).where('psychologist_id', '=', psychologistId).executeTakeFirst();
  return row ? toPolicy(row) : null;
}

export async function saveClinicPolicy(db: Kysely<Database>, dialect: DialectName, userId: string, policy: PaymentPolicy, now: Date): Promise<void> {
  const columns = { ...toRow(policy), updated_at: now };
  const insert = db.insertInto('clinic_payment_policies').values({ user_id: userId, ...columns });
  await (dialect === 'mysql' ? insert.onDuplicateKeyUpdate(columns) : insert.onConflict((oc) => oc.column('user_id').doUpdateSet(columns))).execute();
}

/** Gives the clinic's psychologist a policy of their own, or (null) returns them to the clinic's. */
export async function savePsychologistPolicy(
  db: Kysely<Database>,
  dialect: DialectName,
  choice: { userId: string; psychologistId: string; policy: PaymentPolicy | null; now: Date },
): Promise<void> {
  if (choice.policy === null) {
    await db.deleteFrom('psychologist_payment_policies').where('psychologist_id', '=', choice.psychologistId).where('user_id', '=', choice.userId).execute();
    return;
  }
  const columns = { ...toRow(choice.policy), updated_at: choice.now };
  const insert = db.insertInto('psychologist_payment_policies').values({ psychologist_id: choice.psychologistId, user_id: choice.userId, ...columns });
  await (dialect === 'mysql' ? insert.onDuplicateKeyUpdate(columns) : insert.onConflict((oc) => oc.column('psychologist_id').doUpdateSet(columns))).execute();
}
