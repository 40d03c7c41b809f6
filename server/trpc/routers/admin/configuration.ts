import { ZUpdateConfigurationRequest } from '../../../configuration/update-admin-configuration.types';
import { getAdminConfiguration } from '../../../configuration/get-admin-configuration';
import { updateAdminConfiguration } from '../../../configuration/update-admin-configuration';
import { ZScreenerConfiguration } from '../../../configuration/configuration';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

export const adminConfigurationRouter = router({
  get: memberProcedure(ACCESS.clinicSetup)
    .output(ZScreenerConfiguration)
    .query(({ ctx }) => getAdminConfiguration(ctx)),
  update: memberProcedure(ACCESS.clinicSetup)
    .input(ZUpdateConfigurationRequest)
    .output(ZScreenerConfiguration)
    .mutation(({ ctx, input }) => updateAdminConfiguration(ctx, input)),
});
