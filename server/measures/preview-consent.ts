import { z } from 'zod';
import { findAppointmentOf } from '../../db/repositories/appointments';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { refuseOutsideProfile } from '../members/profile-scope';
import { consentToAsk, ZEnrolClientRequest } from './enrol-client';

/** GET /api/appointments/{appointmentId}/measure-plan/consent?instruments&schedule */
export const ZPreviewConsentRequest = ZEnrolClientRequest.pick({ appointmentId: true, instruments: true, schedule: true });

export const ZConsentPreview = z.object({ language: z.string(), text: z.string() });

/**
 * The consent's exact words, in the client's language, that enrolling with this plan would
 * record: the member shows them to the client before stating that they agreed (docs/decisions/0067).
 */
export async function previewMeasuresConsent(
  ctx: Pick<OperatorContext, 'db' | 'admin' | 'member'>,
  input: z.output<typeof ZPreviewConsentRequest>,
): Promise<z.output<typeof ZConsentPreview>> {
  const appointment = await findAppointmentOf(ctx.db, ctx.admin.id, input.appointmentId);
  if (!appointment) throw new NotFoundError('appointment');
  refuseOutsideProfile(ctx.member, appointment.psychologist.id, 'appointment');
  return consentToAsk(ctx.db, ctx.admin.id, appointment, input);
}
