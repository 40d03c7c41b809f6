import {
  createApiKey,
  listClinicApiKeys,
  revokeClinicApiKey,
  ZApiKeyIdRequest,
  ZApiKeys,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
} from '../../../api-keys/manage-api-keys';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** The clinic's API keys; managed by a signed-in owner or admin only, never with a key (server/rest/api-key-scopes.ts lists none of these). */
export const adminApiKeysRouter = router({
  list: memberProcedure(ACCESS.clinicSetup).output(ZApiKeys).query(({ ctx }) => listClinicApiKeys(ctx)),
  create: memberProcedure(ACCESS.clinicSetup).input(ZCreateApiKeyRequest).output(ZCreatedApiKey).mutation(({ ctx, input }) => createApiKey(ctx, input)),
  revoke: memberProcedure(ACCESS.clinicSetup).input(ZApiKeyIdRequest).output(ZApiKeys).mutation(({ ctx, input }) => revokeClinicApiKey(ctx, input)),
});
