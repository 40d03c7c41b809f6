import { z } from 'zod';
import { deleteOwnSlot, updateOwnSlot } from '../../../availability/change-slot';
import { clearFreeSlots, ZClearFreeSlotsRequest, ZClearFreeSlotsResponse } from '../../../availability/clear-free-slots';
import { ZDeleteSlotRequest, ZDeleteSlotResponse, ZUpdateSlotRequest } from '../../../availability/change-slot.types';
import { generateAvailability } from '../../../availability/generate-availability';
import { ZGenerateAvailabilityRequest, ZGenerateAvailabilityResponse } from '../../../availability/generate-availability.types';
import { listAvailability } from '../../../availability/list-availability';
import { ZListAvailabilityRequest } from '../../../availability/list-availability.types';
import { ZAvailabilitySlot } from '../../../availability/slot-response';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

export const adminAvailabilityRouter = router({
  generate: memberProcedure(ACCESS.schedules)
    .input(ZGenerateAvailabilityRequest)
    .output(ZGenerateAvailabilityResponse)
    .mutation(({ ctx, input }) => generateAvailability(ctx, input)),
  list: memberProcedure(ACCESS.schedules)
    .input(ZListAvailabilityRequest)
    .output(z.array(ZAvailabilitySlot))
    .query(({ ctx, input }) => listAvailability(ctx, input)),
  update: memberProcedure(ACCESS.schedules)
    .input(ZUpdateSlotRequest)
    .output(ZAvailabilitySlot)
    .mutation(({ ctx, input }) => updateOwnSlot(ctx, input)),
  delete: memberProcedure(ACCESS.schedules)
    .input(ZDeleteSlotRequest)
    .output(ZDeleteSlotResponse)
    .mutation(({ ctx, input }) => deleteOwnSlot(ctx, input)),
  clearDay: memberProcedure(ACCESS.schedules)
    .input(ZClearFreeSlotsRequest)
    .output(ZClearFreeSlotsResponse)
    .mutation(({ ctx, input }) => clearFreeSlots(ctx, input)),
});
