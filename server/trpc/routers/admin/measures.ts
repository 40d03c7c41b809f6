import { ACCESS } from '../../../../domain/roles';
import { enrolClient, ZEnrolClientRequest, ZMeasurePlanView } from '../../../measures/enrol-client';
import { getMeasureSettings, saveMeasureSettings, ZMeasureSettings } from '../../../measures/measure-settings';
import { memberProcedure, router } from '../../init';

/** Measurement-based care (issue 30): health data, so never the receptionist's. */
export const adminMeasuresRouter = router({
  enrol: memberProcedure(ACCESS.attachedResults).input(ZEnrolClientRequest).output(ZMeasurePlanView).mutation(({ ctx, input }) => enrolClient(ctx, input)),
  /** The clinic's reminder and expiry days and the clients' trend: its setup, the owner's and admins'. */
  settings: router({
    get: memberProcedure(ACCESS.clinicSetup).output(ZMeasureSettings).query(({ ctx }) => getMeasureSettings(ctx)),
    update: memberProcedure(ACCESS.clinicSetup).input(ZMeasureSettings).output(ZMeasureSettings).mutation(({ ctx, input }) => saveMeasureSettings(ctx, input)),
  }),
});
