import { z } from 'zod';
import { MAX_SLOT_LIST_DAYS } from '../../domain/slots';
import { DAY_MS } from '../../domain/time';
import { fieldMessage } from '../field-messages';
import { entityId, fieldsAreValid, ZInstant } from '../zod-fields';

/** GET /api/availability/:psychologistId?from&to: slots starting in [from, to); default now → 90 days. */
export const ZListAvailabilityRequest = z
  .object({
    psychologistId: entityId('psychologist'),
    from: ZInstant.optional(),
    to: ZInstant.optional(),
  })
  .refine((input) => !input.from || !input.to || Date.parse(input.to) > Date.parse(input.from), {
    path: ['to'],
    message: fieldMessage('afterFrom'),
    when: fieldsAreValid,
  })
  .refine((input) => !input.from || !input.to || Date.parse(input.to) - Date.parse(input.from) <= MAX_SLOT_LIST_DAYS * DAY_MS, {
    path: ['to'],
    message: fieldMessage('atMostDaysAfterFrom', { days: MAX_SLOT_LIST_DAYS }),
    when: fieldsAreValid,
  });
export type ListAvailabilityRequest = z.output<typeof ZListAvailabilityRequest>;
