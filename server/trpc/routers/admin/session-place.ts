import { getClinicVisitSettings, saveClinicVisitSettings, ZClinicVisitSettings } from '../../../session-places/clinic-visit-settings';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** Where the clinic's sessions happen by default, and how visitors reach it (docs/decisions/0049). */
export const adminSessionPlaceRouter = router({
  get: memberProcedure(ACCESS.clinicSetup)
    .output(ZClinicVisitSettings)
    .query(({ ctx }) => getClinicVisitSettings(ctx)),
  update: memberProcedure(ACCESS.clinicSetup)
    .input(ZClinicVisitSettings)
    .output(ZClinicVisitSettings)
    .mutation(({ ctx, input }) => saveClinicVisitSettings(ctx, input)),
});
