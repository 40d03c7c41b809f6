import { z } from 'zod';
import { ZAdminAppointment } from '../../../appointments/admin-appointment';
import { cancelOwnAppointment, ZCancelAppointmentRequest } from '../../../appointments/cancel-appointment';
import { listAppointments, ZListAppointmentsRequest, ZListedAppointment } from '../../../appointments/list-appointments';
import { answerAppointment, ZAnswerAppointmentRequest } from '../../../appointments/answer-appointment';
import { declineAsSpam, ZDeclineAsSpamRequest } from '../../../appointments/decline-as-spam';
import { exportAppointmentsCsv, ZAppointmentsCsv } from '../../../appointments/export-appointments';
import type { ClinicAnswer } from '../../../mail/booking-emails';
import { viewSharedResults, ZSharedResultsView, ZViewSharedResultsRequest } from '../../../appointments/view-shared-results';
import { setAppointmentVideoLink, ZSetVideoLinkRequest } from '../../../session-places/set-appointment-video-link';
import { todayOf, ZToday } from '../../../appointments/today';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

const answer = (status: ClinicAnswer) =>
  memberProcedure(ACCESS.schedules)
    .input(ZAnswerAppointmentRequest)
    .output(ZAdminAppointment)
    .mutation(({ ctx, input }) => answerAppointment(ctx, status, input));

/** What visitors booked with the operator's psychologists. */
export const adminAppointmentsRouter = router({
  list: memberProcedure(ACCESS.schedules)
    .input(ZListAppointmentsRequest)
    .output(z.array(ZListedAppointment))
    .query(({ ctx, input }) => listAppointments(ctx, input)),
  /** Each member's home: the two days' sessions, the requests waiting and the live holds. */
  today: memberProcedure(ACCESS.schedules).output(ZToday).query(({ ctx }) => todayOf(ctx)),
  cancel: memberProcedure(ACCESS.schedules)
    .input(ZCancelAppointmentRequest)
    .output(ZAdminAppointment)
    .mutation(({ ctx, input }) => cancelOwnAppointment(ctx, input)),
  confirm: answer('confirmed'),
  decline: answer('declined'),
  complete: answer('completed'),
  noShow: answer('no_show'),
  setVideoLink: memberProcedure(ACCESS.schedules)
    .input(ZSetVideoLinkRequest)
    .output(ZAdminAppointment)
    .mutation(({ ctx, input }) => setAppointmentVideoLink(ctx, input)),
  declineAsSpam: memberProcedure(ACCESS.schedules)
    .input(ZDeclineAsSpamRequest)
    .output(ZAdminAppointment)
    .mutation(({ ctx, input }) => declineAsSpam(ctx, input)),
  /** A mutation, though REST reaches it by GET: every look is written to the audit log. */
  results: memberProcedure(ACCESS.attachedResults)
    .input(ZViewSharedResultsRequest)
    .output(ZSharedResultsView)
    .mutation(({ ctx, input }) => viewSharedResults(ctx, input)),
  /** A mutation, though REST reaches it by GET: every export is written to the audit log. */
  exportCsv: memberProcedure(ACCESS.clinicSetup).output(ZAppointmentsCsv).mutation(({ ctx }) => exportAppointmentsCsv(ctx)),
});
