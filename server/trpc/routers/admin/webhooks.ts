import {
  deleteWebhook,
  listWebhooks,
  redeliverWebhook,
  registerWebhook,
  sendTestWebhook,
  setWebhookEventTypes,
  ZRedeliverWebhookRequest,
  ZRegisterWebhookRequest,
  ZSetWebhookEventTypesRequest,
  ZWebhookIdRequest,
  ZWebhooks,
} from '../../../webhooks/webhook-endpoints';
import { rollWebhookSecret } from '../../../webhooks/roll-webhook-secret';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** The clinic's webhook endpoints and their deliveries. */
export const adminWebhooksRouter = router({
  list: memberProcedure(ACCESS.clinicSetup).output(ZWebhooks).query(({ ctx }) => listWebhooks(ctx)),
  register: memberProcedure(ACCESS.clinicSetup).input(ZRegisterWebhookRequest).output(ZWebhooks).mutation(({ ctx, input }) => registerWebhook(ctx, input)),
  delete: memberProcedure(ACCESS.clinicSetup).input(ZWebhookIdRequest).output(ZWebhooks).mutation(({ ctx, input }) => deleteWebhook(ctx, input)),
  sendTest: memberProcedure(ACCESS.clinicSetup).input(ZWebhookIdRequest).output(ZWebhooks).mutation(({ ctx, input }) => sendTestWebhook(ctx, input)),
  setEventTypes: memberProcedure(ACCESS.clinicSetup)
    .input(ZSetWebhookEventTypesRequest)
    .output(ZWebhooks)
    .mutation(({ ctx, input }) => setWebhookEventTypes(ctx, input)),
  redeliver: memberProcedure(ACCESS.clinicSetup).input(ZRedeliverWebhookRequest).output(ZWebhooks).mutation(({ ctx, input }) => redeliverWebhook(ctx, input)),
  rollSecret: memberProcedure(ACCESS.clinicSetup).output(ZWebhooks).mutation(({ ctx }) => rollWebhookSecret(ctx)),
});
