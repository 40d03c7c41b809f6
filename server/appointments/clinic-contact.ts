import type { Kysely } from 'kysely';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { findBookingCounter } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { clinicNameOf } from '../../domain/configuration';
import type { ClinicContactDetails } from '../mail/booking-emails';

/**
 * How a visitor reaches the clinic itself, when we cannot help them further: its name and its
 * contact e-mail (the clinic's address, not a person's login). Its numbers travel with each
 * appointment (AppointmentDetails.visitorContact).
 */
export async function clinicContactOf(db: Kysely<Database>, userId: string): Promise<ClinicContactDetails> {
  const configuration = await findConfigurationOfOperator(db, userId);
  const { operatorEmail } = (await findBookingCounter(db, userId))!;
  return { name: configuration ? clinicNameOf(configuration) : '', email: operatorEmail };
}
