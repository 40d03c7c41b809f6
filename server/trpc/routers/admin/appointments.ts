import { z } from 'zod';
import { ZAdminAppointment } from '../../../appointments/admin-appointment';
import { cancelOwnAppointment, ZCancelAppointmentRequest } from '../../../appointments/cancel-appointment';
import { listAppointments } from '../../../appointments/list-appointments';
import { adminProcedure, router } from '../../init';

/** What visitors booked with the operator's psychologists. */
export const adminAppointmentsRouter = router({
  list: adminProcedure.output(z.array(ZAdminAppointment)).query(({ ctx }) => listAppointments(ctx)),
  cancel: adminProcedure
    .input(ZCancelAppointmentRequest)
    .output(ZAdminAppointment)
    .mutation(({ ctx, input }) => cancelOwnAppointment(ctx, input)),
});
