import { z } from 'zod';
import { ZAdminAppointment } from '../../../appointments/admin-appointment';
import { cancelOwnAppointment, ZCancelAppointmentRequest } from '../../../appointments/cancel-appointment';
import { listAppointments, ZListAppointmentsRequest } from '../../../appointments/list-appointments';
import { answerAppointment, ZAnswerAppointmentRequest } from '../../../appointments/answer-appointment';
import type { ClinicAnswer } from '../../../mail/booking-emails';
import { adminProcedure, router } from '../../init';

const answer = (status: ClinicAnswer) =>
  adminProcedure
    .input(ZAnswerAppointmentRequest)
    .output(ZAdminAppointment)
    .mutation(({ ctx, input }) => answerAppointment(ctx, status, input));

/** What visitors booked with the operator's psychologists. */
export const adminAppointmentsRouter = router({
  list: adminProcedure
    .input(ZListAppointmentsRequest)
    .output(z.array(ZAdminAppointment))
    .query(({ ctx, input }) => listAppointments(ctx, input)),
  cancel: adminProcedure
    .input(ZCancelAppointmentRequest)
    .output(ZAdminAppointment)
    .mutation(({ ctx, input }) => cancelOwnAppointment(ctx, input)),
  confirm: answer('confirmed'),
  decline: answer('declined'),
  complete: answer('completed'),
  noShow: answer('no_show'),
});
