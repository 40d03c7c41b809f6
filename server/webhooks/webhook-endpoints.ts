import { z } from 'zod';
import {
  deleteWebhookEndpoint,
  findPreviousSecretUntil,
  findWebhookSecret,
  insertWebhookEndpoint,
  listRecentDeliveries,
  listWebhookEndpoints,
  redeliverDelivery,
  setEndpointEventTypes,
  webhookSecretOf,
} from '../../db/repositories/webhooks';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhook-events';
import { MAX_WEBHOOK_ENDPOINTS, webhookUrlProblem } from '../../domain/webhooks';
import { newSecretToken } from '../auth/secret-tokens';
import type { OperatorContext } from '../context';
import { refuseUnverifiedClinic } from '../email-verification/verified-owner';
import { AppError, NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';
import { entityId, oneOf } from '../zod-fields';
import { queueTestWebhook } from './queue-webhook-events';

/** The deliveries the admin shows. */
const RECENT_DELIVERIES = 20;

/** The event types an endpoint receives: some (at least one, each once), or null for every type, those added later included. */
const ZEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: oneOf(WEBHOOK_EVENT_TYPES) }))
  .min(1, fieldMessage('atLeastOneEvent'))
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)))
  .nullable()
  .describe('The event types it receives; null for every type');

/** POST /api/webhooks, body `{ url, eventTypes? }`. */
export const ZRegisterWebhookRequest = z.object({
  url: z
    .string({ error: fieldMessage('webhookUrl') })
    .trim()
    .max(2048, fieldMessage('atMostCharacters', { max: 2048 }))
    .pipe(z.url({ protocol: /^https?$/, error: fieldMessage('webhookUrl') })),
  eventTypes: ZEventTypes.default(null),
});

/** DELETE /api/webhooks/{id}, POST /api/webhooks/{id}/test. */
export const ZWebhookIdRequest = z.object({ id: entityId('webhook') });

/** PUT /api/webhooks/{id}/event-types, body `{ eventTypes }`. */
export const ZSetWebhookEventTypesRequest = ZWebhookIdRequest.extend({ eventTypes: ZEventTypes });

/** POST /api/webhooks/deliveries/{id}/redeliver. */
export const ZRedeliverWebhookRequest = z.object({ id: entityId('webhookDelivery') });

const ZWebhookEndpoint = z.object({ id: z.string(), url: z.string(), eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).nullable(), createdAt: z.date() });

/** GET /api/webhooks: the endpoints, the secret that signs their events, and the last deliveries. */
export const ZWebhooks = z.object({
  /** Null until the first endpoint is registered. */
  secret: z.string().nullable(),
  /** After a roll, until when the secret it replaced still signs beside this one; null otherwise. */
  previousSecretUntil: z.date().nullable(),
  endpoints: z.array(ZWebhookEndpoint),
  deliveries: z.array(
    z.object({
      id: z.string(),
      endpointId: z.string(),
      eventId: z.string(),
      eventType: z.string(),
      status: z.enum(['pending', 'delivered']),
      attempts: z.number(),
      lastStatusCode: z.number().nullable(),
      lastError: z.string().nullable(),
      createdAt: z.date(),
      deliveredAt: z.date().nullable(),
      nextAttemptAt: z.date(),
    }),
  ),
});
export type Webhooks = z.output<typeof ZWebhooks>;

type Ctx = Pick<OperatorContext, 'db' | 'admin' | 'now' | 'env'>;

export async function listWebhooks(ctx: Pick<OperatorContext, 'db' | 'admin' | 'now'>): Promise<Webhooks> {
  const userId = ctx.admin.id;
  const [secret, previousSecretUntil, endpoints, deliveries] = await Promise.all([
    findWebhookSecret(ctx.db, userId),
    findPreviousSecretUntil(ctx.db, userId, ctx.now()),
    listWebhookEndpoints(ctx.db, userId),
    listRecentDeliveries(ctx.db, userId, RECENT_DELIVERIES),
  ]);
  return { secret, previousSecretUntil, endpoints, deliveries };
}

/** A new signing secret, in Stripe's `whsec_` form. */
export const newWebhookSecret = () => `whsec_${newSecretToken()}`;

/** Registers an address, once the clinic's owner verified theirs; the clinic's signing secret is drawn with its first one. */
export async function registerWebhook(ctx: Ctx, { url, eventTypes }: z.output<typeof ZRegisterWebhookRequest>): Promise<Webhooks> {
  await refuseUnverifiedClinic(ctx);
  const problem = webhookUrlProblem(url, { production: ctx.env.nodeEnv === 'production', allowedNetworks: ctx.env.webhookAllowedNetworks });
  if (problem) throw new AppError('BAD_REQUEST', (t) => t.errors.webhooks[problem]());
  const userId = ctx.admin.id;
  const endpoints = await listWebhookEndpoints(ctx.db, userId);
  if (endpoints.length >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', (t) => t.errors.webhooks.tooMany({ max: MAX_WEBHOOK_ENDPOINTS }));
  await webhookSecretOf(ctx.db, userId, newWebhookSecret());
  await insertWebhookEndpoint(ctx.db, { userId, url, eventTypes, now: ctx.now() });
  return listWebhooks(ctx);
}

/** Removes an endpoint with its deliveries, sent or not: the clinic no longer wants them. */
export async function deleteWebhook(ctx: Ctx, { id }: { id: string }): Promise<Webhooks> {
  if (!(await deleteWebhookEndpoint(ctx.db, ctx.admin.id, id))) throw new NotFoundError('webhook');
  return listWebhooks(ctx);
}

/** Queues a `webhook.test` event for one endpoint; the list shows how it went. */
export async function sendTestWebhook(ctx: Ctx, { id }: { id: string }): Promise<Webhooks> {
  const endpoints = await listWebhookEndpoints(ctx.db, ctx.admin.id);
  if (!endpoints.some((endpoint) => endpoint.id === id)) throw new NotFoundError('webhook');
  await queueTestWebhook(ctx.db, { userId: ctx.admin.id, endpointId: id, now: ctx.now() });
  return listWebhooks(ctx);
}

/** Chooses which events an endpoint receives from now on; events already queued for it still go. */
export async function setWebhookEventTypes(ctx: Ctx, { id, eventTypes }: z.output<typeof ZSetWebhookEventTypesRequest>): Promise<Webhooks> {
  if (!(await setEndpointEventTypes(ctx.db, ctx.admin.id, id, eventTypes))) throw new NotFoundError('webhook');
  return listWebhooks(ctx);
}

/**
 * Sends a delivered event to its endpoint again, as it was (the same id, so a receiver that has
 * it already ignores it; the visitor's contact gone if erased since), through the outbox: for a
 * receiver that lost what it acknowledged. One still waiting is retried on its own already.
 */
export async function redeliverWebhook(ctx: Ctx, { id }: { id: string }): Promise<Webhooks> {
  const outcome = await redeliverDelivery(ctx.db, ctx.admin.id, id, ctx.now());
  if (outcome === 'unknown') throw new NotFoundError('webhookDelivery');
  if (outcome === 'pending') throw new AppError('CONFLICT', (t) => t.errors.webhooks.stillPending());
  if (outcome === 'erased') throw new AppError('CONFLICT', (t) => t.errors.webhooks.bodyErased());
  return listWebhooks(ctx);
}
