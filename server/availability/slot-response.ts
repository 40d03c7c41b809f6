import { z } from 'zod';
import type { Slot } from '../../db/repositories/availability-slots';

export const ZAvailabilitySlot = z.object({
  id: z.string(),
  /** ISO 8601 in UTC, e.g. '2026-12-01T01:00:00.000Z'. */
  startUtc: z.string(),
  endUtc: z.string(),
  isBooked: z.boolean(),
});

/** Instants travel as ISO text, so REST and tRPC answer the very same JSON. */
export function toSlotResponse(slot: Slot): z.infer<typeof ZAvailabilitySlot> {
  return {
    id: slot.id,
    startUtc: slot.startUtc.toISOString(),
    endUtc: slot.endUtc.toISOString(),
    isBooked: slot.isBooked,
  };
}
