import { ACCESS } from '../../../../domain/roles';
import { enrolClient, ZEnrolClientRequest, ZMeasurePlanView } from '../../../measures/enrol-client';
import { memberProcedure, router } from '../../init';

/** Measurement-based care (issue 30): health data, so never the receptionist's. */
export const adminMeasuresRouter = router({
  enrol: memberProcedure(ACCESS.attachedResults).input(ZEnrolClientRequest).output(ZMeasurePlanView).mutation(({ ctx, input }) => enrolClient(ctx, input)),
});
