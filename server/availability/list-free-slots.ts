import { z } from 'zod';
import { ZScreenerIdentifier } from '../configuration/screener-owner';
import { entityId, ZInstant } from '../zod-fields';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { bookingWindow } from '../../domain/booking';
import type { AppServices } from '../context';
import { NotFoundError } from '../errors';
import { findOwnedScreener } from '../configuration/screener-owner';
import { freeTimesOf } from './schedule-times';

/** GET /api/public/availability?slug&psychologistId&from&to; the range defaults to now → 30 days. */
export const ZFreeSlotsRequest = z.object({
  slug: ZScreenerIdentifier,
  psychologistId: entityId('psychologist'),
  from: ZInstant.optional(),
  to: ZInstant.optional(),
});
export type FreeSlotsRequest = z.output<typeof ZFreeSlotsRequest>;

export const ZFreeSlot = z.object({ id: z.string(), startUtc: z.date(), endUtc: z.date() });

/**
 * The psychologist's times a visitor can book, from the weekly hours and the stored slots
 * (docs/decisions/0047): free, and starting inside the requested range
 * clamped to the booking window (the minimum advance from now, up to 30 days ahead).
 */
export async function listFreeSlots(
  services: Pick<AppServices, 'db' | 'now' | 'configurations'>,
  input: FreeSlotsRequest,
): Promise<z.output<typeof ZFreeSlot>[]> {
  const screener = await findOwnedScreener(services, input.slug);
  const psychologist = screener && (await findPsychologistOf(services.db, screener.userId, input.psychologistId));
  if (!psychologist) throw new NotFoundError('psychologist');
  const window = bookingWindow(services.now(), psychologist.minimumAdvanceHours);
  const from = new Date(Math.max(window.earliest.getTime(), input.from ? Date.parse(input.from) : -Infinity));
  const to = new Date(Math.min(window.latest.getTime(), input.to ? Date.parse(input.to) : Infinity));
  if (to <= from) return [];
  const free = await freeTimesOf(services.db, psychologist, { from, to });
  return [...free.schedule, ...free.stored]
    .sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime())
    .map(({ id, startUtc, endUtc }) => ({ id, startUtc, endUtc }));
}
