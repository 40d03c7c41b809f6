import { ZOk } from '../../../zod-fields';
import { ZUpdateConfigurationRequest } from '../../../configuration/update-admin-configuration.types';
import { getAdminConfiguration } from '../../../configuration/get-admin-configuration';
import { updateAdminConfiguration } from '../../../configuration/update-admin-configuration';
import { ZScreenerConfiguration } from '../../../configuration/configuration';
import { removeLogo, uploadLogo, ZUploadedLogo, ZUploadLogoRequest } from '../../../configuration/logo';
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
  // Reached through PUT /api/configuration/logo, whose body is the file (server/rest/logo-routes.ts).
  uploadLogo: memberProcedure(ACCESS.clinicSetup)
    .input(ZUploadLogoRequest)
    .output(ZUploadedLogo)
    .mutation(({ ctx, input }) => uploadLogo(ctx, input)),
  removeLogo: memberProcedure(ACCESS.clinicSetup)
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await removeLogo(ctx);
      return { ok: true as const };
    }),
});
