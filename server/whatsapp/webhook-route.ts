import type { FastifyInstance } from 'fastify';
import { releaseEmailsNow, withdrawEmails } from '../../db/repositories/email-outbox';
import { findWhatsappByMessageId, forgetFallback, moveWhatsappStatus } from '../../db/repositories/whatsapp-outbox';
import { inTransaction } from '../../db/transaction';
import { statusMovesFrom } from '../../domain/whatsapp-messages';
import { answerReply, type ReplyServices } from './answer-reply';
import type { CloudApi } from './cloud-api';
import { ZWebhook } from './webhook-payload';

export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';


/**
 * GET and POST /api/whatsapp/webhook. Its own encapsulated plugin, as the Stripe webhook's, so
 * that its JSON parser keeps the raw bytes X-Hub-Signature-256 is computed over. The library
 * checks the signature and the handshake; Minda reads the payload itself, since Meta batches
 * several statuses and messages in one delivery and the library's emitters read only the first.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance, { services }: { services: ReplyServices & { whatsapp: CloudApi | undefined } }): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.get(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
    const challenge = services.whatsapp?.verifySubscription(req.query as Record<string, string | undefined>);
    if (challenge === undefined) return reply.code(403).send({ error: 'The verify token does not match.' });
    return reply.code(200).type('text/plain').send(challenge);
  });

  app.post(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
    const cloud = services.whatsapp;
    if (!cloud) return reply.code(404).send({ error: 'WhatsApp is not set up on this server.' });
    const signature = req.headers['x-hub-signature-256'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
      return reply.code(401).send({ error: 'Expected a JSON body signed by Meta (X-Hub-Signature-256 header).' });
    }
    const raw = req.body.toString('utf8');
    if (!(await cloud.verifySignature(raw, signature))) {
      req.log.warn('refused a WhatsApp webhook: its signature does not match');
      return reply.code(401).send({ error: 'The X-Hub-Signature-256 does not match this payload and the app secret.' });
    }
    const parsed = ZWebhook.safeParse(JSON.parse(raw));
    // Signed but of a shape Minda does not read (another field's change): taken, nothing to do.
    if (!parsed.success) return reply.code(200).send({ received: true });
    for (const change of parsed.data.entry.flatMap((entry) => entry.changes)) {
      for (const status of change.value.statuses ?? []) await recordStatus(services, status);
      for (const message of change.value.messages ?? []) await answerReply({ ...services, log: req.log }, message);
    }
    return reply.code(200).send({ received: true });
  });
}

/**
 * Moves a message's status on. Delivered in time, its standby e-mail is withdrawn (nothing twice
 * on one channel); failed, the e-mail goes at once.
 */
async function recordStatus(services: Pick<ReplyServices, 'db' | 'now'>, status: { id: string; status: string; errors?: { code: number }[] }): Promise<void> {
  if (status.status !== 'delivered' && status.status !== 'read' && status.status !== 'failed') return;
  const to = status.status;
  const now = services.now();
  await inTransaction(services.db, async (trx) => {
    const message = await findWhatsappByMessageId(trx, status.id);
    if (!message) return;
    const error = to === 'failed' ? `${status.errors?.[0]?.code ?? 'unknown'} failed` : undefined;
    if (!(await moveWhatsappStatus(trx, message.id, { from: statusMovesFrom(to), to, at: now, error }))) return;
    if (!message.fallbackEmailId) return;
    if (to === 'failed') {
      await releaseEmailsNow(trx, [message.fallbackEmailId], now);
    } else {
      await withdrawEmails(trx, [message.fallbackEmailId]);
    }
    await forgetFallback(trx, [message.id]);
  });
}
