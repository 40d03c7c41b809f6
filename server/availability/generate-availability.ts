import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/transaction';
import type { Kysely } from 'kysely';
import { insertSlots, slotsOverlapping } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import type { Database } from '../../db/schema';
import { generateSlotTimes, withoutOverlaps } from '../../domain/slots';
import { NotFoundError } from '../errors';
import type { GenerateAvailabilityRequest } from './availability.schema';

/**
 * Creates the psychologist's slots for a weekly pattern. A slot overlapping any existing slot
 * (booked or free) is left out rather than stacked, as is one already in the past
 * (docs/decisions/0006). The psychologist's row stays locked until the slots are in, so two
 * generations for one psychologist cannot interleave.
 */
export async function generateAvailability(
  services: { db: Kysely<Database>; now: () => Date },
  userId: string,
  input: GenerateAvailabilityRequest,
): Promise<{ count: number; psychologist: { name: string } }> {
  return inTransaction(services.db, async (trx) => {
    const psychologist = await findPsychologistOf(trx, userId, input.psychologistId, { lock: 'update' });
    if (!psychologist) throw new NotFoundError('psychologist');
    const now = services.now();
    const candidates = generateSlotTimes({
      ...input,
      timezone: input.timezone ?? psychologist.timezone,
      slotDurationMinutes: psychologist.slotDurationMinutes,
      bufferMinutes: psychologist.bufferMinutes,
    }).filter((slot) => slot.startUtc > now);
    const result = { count: 0, psychologist: { name: psychologist.name } };
    if (candidates.length === 0) return result;

    const span = candidates.reduce((all, slot) => ({
      startUtc: slot.startUtc < all.startUtc ? slot.startUtc : all.startUtc,
      endUtc: slot.endUtc > all.endUtc ? slot.endUtc : all.endUtc,
    }));
    const existing = await slotsOverlapping(trx, psychologist.id, span);
    const fresh = withoutOverlaps(candidates, existing).map((slot) => ({ ...slot, id: randomUUID() }));
    await insertSlots(trx, fresh, psychologist.id, now);
    return { ...result, count: fresh.length };
  });
}
