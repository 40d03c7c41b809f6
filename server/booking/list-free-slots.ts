import type { z } from 'zod';
import { listSlots } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { bookingWindow } from '../../domain/booking';
import type { AppServices } from '../context';
import { NotFoundError } from '../errors';
import type { FreeSlotsRequest, ZFreeSlot } from './booking.schema';
import { findOwnedScreener } from './screener-owner';

/**
 * The psychologist's slots a visitor can book: free, and starting inside the requested range
 * clamped to the booking window (the minimum advance from now, up to 30 days ahead).
 */
export async function listFreeSlots(
  services: Pick<AppServices, 'db' | 'now'>,
  input: FreeSlotsRequest,
): Promise<z.output<typeof ZFreeSlot>[]> {
  const screener = await findOwnedScreener(services.db, input.slug);
  const psychologist = screener && (await findPsychologistOf(services.db, screener.userId, input.psychologistId));
  if (!psychologist) throw new NotFoundError('psychologist');
  const window = bookingWindow(services.now(), psychologist.minimumAdvanceHours);
  const from = new Date(Math.max(window.earliest.getTime(), input.from ? Date.parse(input.from) : -Infinity));
  const to = new Date(Math.min(window.latest.getTime(), input.to ? Date.parse(input.to) : Infinity));
  if (to <= from) return [];
  const slots = await listSlots(services.db, psychologist.id, { from, to });
  return slots.filter((slot) => !slot.isBooked).map(({ id, startUtc, endUtc }) => ({ id, startUtc, endUtc }));
}
