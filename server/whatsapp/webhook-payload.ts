import { z } from 'zod';

/** The parts of Meta's webhook payload Minda reads (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components). */
export const ZWebhook = z.object({
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          value: z.object({
            statuses: z.array(z.object({ id: z.string(), status: z.string(), errors: z.array(z.object({ code: z.number() })).optional() })).optional(),
            messages: z
              .array(
                z.object({
                  id: z.string(),
                  from: z.string(),
                  context: z.object({ id: z.string() }).optional(),
                  text: z.object({ body: z.string() }).optional(),
                  button: z.object({ payload: z.string() }).optional(),
                }),
              )
              .optional(),
          }),
        }),
      ),
    }),
  ),
});
export type WhatsappWebhook = z.output<typeof ZWebhook>;
export type InboundMessage = NonNullable<WhatsappWebhook['entry'][number]['changes'][number]['value']['messages']>[number];
