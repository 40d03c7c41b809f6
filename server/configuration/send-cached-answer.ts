import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type CachedAnswer, publicConfigurationCacheOf } from './public-configuration-cache';

export interface Answer extends CachedAnswer {
  status: number;
}

/**
 * Sends the answer kept under `key` with the public configurations, else the one `produce`
 * makes, keeping it when it is a 200: refusals (an unknown slug's 404) are never kept, so a
 * configuration created next shows at once. A save forgets every kept answer (decision 0014).
 */
export async function sendCachedAnswer(
  db: Kysely<Database>,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<Answer>,
): Promise<FastifyReply> {
  let refusal: Answer | undefined;
  const kept = await publicConfigurationCacheOf(db).answer(key, async () => {
    const answer = await produce();
    if (answer.status === 200) return { headers: answer.headers, body: answer.body };
    refusal = answer;
    return undefined;
  });
  const answer = kept ?? refusal!;
  return reply.code(refusal?.status ?? 200).headers(answer.headers).send(answer.body);
}
