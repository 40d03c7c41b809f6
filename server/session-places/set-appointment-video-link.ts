import { z } from 'zod';
import { findAppointmentOf } from '../../db/repositories/appointments';
import { updateAppointmentVideoUrl } from '../../db/repositories/session-places';
import type { AdminAppointment } from '../appointments/admin-appointment';
import { toAdminAppointment } from '../appointments/list-appointments';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { refuseOutsideProfile } from '../members/profile-scope';
import { entityId } from '../zod-fields';
import { ZVideoLinkOrNull } from './session-place-fields';

/** PUT /api/appointments/:appointmentId/video-link: this appointment's own meeting link; null removes it. */
export const ZSetVideoLinkRequest = z.object({
  appointmentId: entityId('appointment'),
  videoUrl: ZVideoLinkOrNull,
});

/**
 * Staff give an online session its own link; the visitor's manage page, the reminders and any
 * later mail and calendar file carry it (docs/decisions/0049). A psychologist member sets it on
 * their own sessions only.
 */
export async function setAppointmentVideoLink(
  ctx: Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>,
  { appointmentId, videoUrl }: z.output<typeof ZSetVideoLinkRequest>,
): Promise<AdminAppointment> {
  const userId = ctx.admin.id;
  const appointment = await findAppointmentOf(ctx.db, userId, appointmentId);
  if (!appointment) throw new NotFoundError('appointment');
  refuseOutsideProfile(ctx.member, appointment.psychologist.id, 'appointment');
  await updateAppointmentVideoUrl(ctx.db, userId, appointmentId, videoUrl, ctx.now());
  return toAdminAppointment((await findAppointmentOf(ctx.db, userId, appointmentId))!, ctx.member);
}
