import { ZUpdateConfigurationRequest } from '../../../admin-configuration/admin-configuration.schema';
import { getAdminConfiguration } from '../../../admin-configuration/get-admin-configuration';
import { updateAdminConfiguration } from '../../../admin-configuration/update-admin-configuration';
import { ZScreenerConfiguration } from '../../../configuration/configuration.schema';
import { adminProcedure, router } from '../../init';

export const adminConfigurationRouter = router({
  get: adminProcedure
    .output(ZScreenerConfiguration)
    .query(({ ctx }) => getAdminConfiguration(ctx.db, ctx.admin.id)),
  update: adminProcedure
    .input(ZUpdateConfigurationRequest)
    .output(ZScreenerConfiguration)
    .mutation(({ ctx, input }) => updateAdminConfiguration(ctx, ctx.admin.id, input)),
});
