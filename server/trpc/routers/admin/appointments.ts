import { z } from 'zod';
import { ZAdminAppointment } from '../../../appointments/admin-appointment';
import { cancelOwnAppointment, ZCancelAppointmentRequest } from '../../../appointments/cancel-appointment';
import { listAppointments, ZListAppointmentsRequest } from '../../../appointments/list-appointments';
import { answerAppointment, ZAnswerAppointmentRequest } from '../../../appointments/answer-appointment';
import { exportAppointmentsCsv, ZAppointmentsCsv } from '../../../appointments/export-appointments';
import type { ClinicAnswer } from '../../../mail/booking-emails';
import { viewSharedResults, ZSharedResultsView, ZViewSharedResultsRequest } from '../../../appointments/view-shared-results';
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
  /** A mutation, though REST reaches it by GET: every export is written to the audit log. */
  /** A mutation, though REST reaches it by GET: every look is written to the audit log. */
  results: adminProcedure
    .input(ZViewSharedResultsRequest)
    .output(ZSharedResultsView)
    .mutation(({ ctx, input }) => viewSharedResults(ctx, input)),
  exportCsv: adminProcedure.output(ZAppointmentsCsv).mutation(({ ctx }) => exportAppointmentsCsv(ctx)),
});
