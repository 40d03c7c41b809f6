import { z } from 'zod';
import {
  ZAvailabilitySlot,
  ZDeleteSlotRequest,
  ZDeleteSlotResponse,
  ZGenerateAvailabilityRequest,
  ZGenerateAvailabilityResponse,
  ZListAvailabilityRequest,
  ZUpdateSlotRequest,
} from '../../../availability/availability.schema';
import { deleteOwnSlot, updateOwnSlot } from '../../../availability/change-slot';
import { generateAvailability } from '../../../availability/generate-availability';
import { listAvailability } from '../../../availability/list-availability';
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
});
