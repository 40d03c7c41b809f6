import {
  deleteWebhook,
  listWebhooks,
  registerWebhook,
  sendTestWebhook,
  ZRegisterWebhookRequest,
  ZWebhookIdRequest,
  ZWebhooks,
} from '../../../webhooks/webhook-endpoints';
import { adminProcedure, router } from '../../init';

/** The clinic's webhook endpoints and their deliveries. */
export const adminWebhooksRouter = router({
  list: adminProcedure.output(ZWebhooks).query(({ ctx }) => listWebhooks(ctx)),
  register: adminProcedure.input(ZRegisterWebhookRequest).output(ZWebhooks).mutation(({ ctx, input }) => registerWebhook(ctx, input)),
  delete: adminProcedure.input(ZWebhookIdRequest).output(ZWebhooks).mutation(({ ctx, input }) => deleteWebhook(ctx, input)),
  sendTest: adminProcedure.input(ZWebhookIdRequest).output(ZWebhooks).mutation(({ ctx, input }) => sendTestWebhook(ctx, input)),
});
