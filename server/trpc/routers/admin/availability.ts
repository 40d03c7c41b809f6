import { z } from 'zod';
import { deleteOwnSlot, updateOwnSlot } from '../../../availability/change-slot';
import { clearFreeSlots, ZClearFreeSlotsRequest, ZClearFreeSlotsResponse } from '../../../availability/clear-free-slots';
import { ZDeleteSlotRequest, ZDeleteSlotResponse, ZUpdateSlotRequest } from '../../../availability/change-slot.types';
import { generateAvailability } from '../../../availability/generate-availability';
import { ZGenerateAvailabilityRequest, ZGenerateAvailabilityResponse } from '../../../availability/generate-availability.types';
import { listAvailability } from '../../../availability/list-availability';
import { ZListAvailabilityRequest } from '../../../availability/list-availability.types';
import { ZAvailabilitySlot } from '../../../availability/slot-response';
import { adminProcedure, router } from '../../init';

export const adminAvailabilityRouter = router({
  generate: adminProcedure
    .input(ZGenerateAvailabilityRequest)
    .output(ZGenerateAvailabilityResponse)
    .mutation(({ ctx, input }) => generateAvailability(ctx, input)),
  list: adminProcedure
    .input(ZListAvailabilityRequest)
    .output(z.array(ZAvailabilitySlot))
    .query(({ ctx, input }) => listAvailability(ctx, input)),
  update: adminProcedure
    .input(ZUpdateSlotRequest)
    .output(ZAvailabilitySlot)
    .mutation(({ ctx, input }) => updateOwnSlot(ctx, input)),
  delete: adminProcedure
    .input(ZDeleteSlotRequest)
    .output(ZDeleteSlotResponse)
    .mutation(({ ctx, input }) => deleteOwnSlot(ctx, input)),
  clearDay: adminProcedure
    .input(ZClearFreeSlotsRequest)
    .output(ZClearFreeSlotsResponse)
    .mutation(({ ctx, input }) => clearFreeSlots(ctx, input)),
});
