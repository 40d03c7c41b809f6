import type { z } from 'zod';
import type { Slot } from '../../db/repositories/availability-slots';
import type { ZAvailabilitySlot } from './availability.schema';

/** Instants travel as ISO text, so REST and tRPC answer the very same JSON. */
export function toSlotResponse(slot: Slot): z.infer<typeof ZAvailabilitySlot> {
  return {
    id: slot.id,
    startUtc: slot.startUtc.toISOString(),
    endUtc: slot.endUtc.toISOString(),
    isBooked: slot.isBooked,
  };
}
