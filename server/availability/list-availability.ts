import { listSlots } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { ADMIN_SLOT_VIEW_DAYS } from '../../domain/slots';
import { AppError, NotFoundError } from '../errors';
import type { ListAvailabilityRequest } from './list-availability.types';
import { toSlotResponse } from './slot-response';
import { DAY_MS } from '../../domain/time';
import type { OperatorContext } from '../context';
import { refuseOutsideProfile } from '../members/profile-scope';


/** The admin calendar: one psychologist's slots, booked ones included, now → 90 days unless asked otherwise. */
export async function listAvailability(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>,
  input: ListAvailabilityRequest,
) {
  const userId = ctx.admin.id;
  refuseOutsideProfile(ctx.member, input.psychologistId, 'psychologist');
  const psychologist = await findPsychologistOf(ctx.db, userId, input.psychologistId);
  if (!psychologist) throw new NotFoundError('psychologist');
  const from = input.from ? new Date(input.from) : ctx.now();
  const to = input.to ? new Date(input.to) : new Date(from.getTime() + ADMIN_SLOT_VIEW_DAYS * DAY_MS);
  // Only a lone `to` can land here: the schema checks the pair when both are given.
  if (to <= from) throw new AppError('BAD_REQUEST', (t) => t.errors.rangeEndBeforeStart());
  const slots = await listSlots(ctx.db, psychologist.id, { from, to });
  return slots.map(toSlotResponse);
}
