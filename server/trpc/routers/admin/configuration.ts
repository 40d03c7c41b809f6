import { ZUpdateConfigurationRequest } from '../../../configuration/update-admin-configuration.types';
import { getAdminConfiguration } from '../../../configuration/get-admin-configuration';
import { updateAdminConfiguration } from '../../../configuration/update-admin-configuration';
import { ZScreenerConfiguration } from '../../../configuration/configuration';
import { adminProcedure, router } from '../../init';

export const adminConfigurationRouter = router({
  get: adminProcedure
    .output(ZScreenerConfiguration)
    .query(({ ctx }) => getAdminConfiguration(ctx)),
  update: adminProcedure
    .input(ZUpdateConfigurationRequest)
    .output(ZScreenerConfiguration)
    .mutation(({ ctx, input }) => updateAdminConfiguration(ctx, input)),
});
