import { z } from 'zod';
import { MAX_SLOT_HOURS } from '../../domain/slots';
import { fieldMessage } from '../field-messages';
import { entityId, fieldsAreValid, ZConfirmationFlag, ZInstant } from '../zod-fields';

/**
 * PATCH /api/availability/:slotId. A booked slot moves only with `confirmBooked: true`; the
 * new times must not overlap another slot of the psychologist.
 */
export const ZUpdateSlotRequest = z
  .object({
    slotId: entityId('slot'),
    startUtc: ZInstant,
    endUtc: ZInstant,
    confirmBooked: ZConfirmationFlag,
  })
  .refine((input) => Date.parse(input.endUtc) > Date.parse(input.startUtc), {
    path: ['endUtc'],
    message: fieldMessage('afterStartTime'),
    when: fieldsAreValid,
  })
  .refine((input) => Date.parse(input.endUtc) - Date.parse(input.startUtc) <= MAX_SLOT_HOURS * 3_600_000, {
    path: ['endUtc'],
    message: fieldMessage('atMostHoursAfterStart', { hours: MAX_SLOT_HOURS }),
    when: fieldsAreValid,
  });
export type UpdateSlotRequest = z.output<typeof ZUpdateSlotRequest>;

/** DELETE /api/availability/:slotId; a booked slot only with `confirmBooked` (`?confirmBooked=true` over REST). */
export const ZDeleteSlotRequest = z.object({
  slotId: entityId('slot'),
  confirmBooked: ZConfirmationFlag,
});

export const ZDeleteSlotResponse = z.object({
  /** Whether a client's appointment went with the slot. */
  cancelledAppointment: z.boolean(),
});
