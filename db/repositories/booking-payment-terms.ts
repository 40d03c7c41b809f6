import type { Kysely } from 'kysely';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentPolicy } from '../../domain/payment-policy';
import type { Database } from '../schema';
import { POLICY_COLUMNS, toPolicy, toRow } from './payment-policies';

/** What a paid booking was made on: the amount due, and the policy and price the visitor was shown. Money in whole sen. */
export interface BookingPaymentTerms {
  appointmentId: string;
  userId: string;
  /** The clinic's connected account the payment is made on. */
  stripeAccountId: string;
  amountSen: number;
  priceSen: number;
  /** The methods the account had active at booking. */
  paymentMethods: PaymentMethod[];
  platformFeeSen: number;
  policy: PaymentPolicy;
}

/** Written in the booking's transaction, with its hold; one per appointment (its primary key). */
export async function insertBookingPaymentTerms(db: Kysely<Database>, terms: BookingPaymentTerms, now: Date): Promise<void> {
  await db
    .insertInto('booking_payment_terms')
    .values({
      appointment_id: terms.appointmentId,
      user_id: terms.userId,
      stripe_account_id: terms.stripeAccountId,
      amount_sen: terms.amountSen,
      price_sen: terms.priceSen,
      payment_methods: terms.paymentMethods.join(','),
      platform_fee_sen: terms.platformFeeSen,
      ...toRow(terms.policy),
      created_at: now,
    })
    .execute();
}

/** The terms of a paid booking; undefined for a booking paid at the clinic, as before issue 28. */
export async function findBookingPaymentTerms(db: Kysely<Database>, appointmentId: string): Promise<BookingPaymentTerms | undefined> {
  const row = await db
    .selectFrom('booking_payment_terms')
    .select(['appointment_id', 'user_id', 'stripe_account_id', 'amount_sen', 'price_sen', 'payment_methods', 'platform_fee_sen', ...POLICY_COLUMNS])
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirst();
  return (
    row && {
      appointmentId: row.appointment_id,
      userId: row.user_id,
      stripeAccountId: row.stripe_account_id,
      amountSen: Number(row.amount_sen),
      priceSen: Number(row.price_sen),
      paymentMethods: PAYMENT_METHODS.filter((method) => row.payment_methods.split(',').includes(method)),
      platformFeeSen: Number(row.platform_fee_sen),
      policy: toPolicy(row),
    }
  );
}
