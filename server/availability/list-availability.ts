import type { Kysely } from 'kysely';
import { listSlots } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import type { Database } from '../../db/schema';
import { ADMIN_SLOT_VIEW_DAYS } from '../../domain/slots';
import { AppError, NotFoundError } from '../errors';
import type { ListAvailabilityRequest } from './availability.schema';
import { toSlotResponse } from './slot-response';
import { DAY_MS } from '../../domain/time';


/** The admin calendar: one psychologist's slots, booked ones included, now → 90 days unless asked otherwise. */
export async function listAvailability(
  services: { db: Kysely<Database>; now: () => Date },
  userId: string,
  input: ListAvailabilityRequest,
) {
  const psychologist = await findPsychologistOf(services.db, userId, input.psychologistId);
  if (!psychologist) throw new NotFoundError('psychologist');
  const from = input.from ? new Date(input.from) : services.now();
  const to = input.to ? new Date(input.to) : new Date(from.getTime() + ADMIN_SLOT_VIEW_DAYS * DAY_MS);
  // Only a lone `to` can land here: the schema checks the pair when both are given.
  if (to <= from) throw new AppError('BAD_REQUEST', (t) => t.errors.rangeEndBeforeStart());
  const slots = await listSlots(services.db, psychologist.id, { from, to });
  return slots.map(toSlotResponse);
}
