import { z } from 'zod';
import { bookAppointment } from '../../appointments/book-appointment';
import { ZBookAppointmentRequest, ZBookAppointmentResponse } from '../../appointments/book-appointment.types';
import { listFreeSlots, ZFreeSlot, ZFreeSlotsRequest } from '../../availability/list-free-slots';
import {
  listPublicPsychologists,
  ZPublicPsychologist,
  ZPublicPsychologistsRequest,
} from '../../psychologists/list-public-psychologists';
import { ZPublicScreenerConfiguration } from '../../configuration/configuration';
import {
  getPublicConfigurationById,
  getPublicConfigurationBySlug,
  ZConfigurationByIdRequest,
  ZConfigurationBySlugRequest,
} from '../../configuration/get-public-configuration';
import { analyzeCombined } from '../../insights/analyze-combined';
import { analyzeDass21 } from '../../insights/analyze-dass21';
import { ZAnalysis, ZAnalyzeCombinedRequest, ZAnalyzeDass21Request } from '../../insights/insights.schema';
import { configurationReadProcedure, publicProcedure, router } from '../init';

/** What anonymous visitors of a screener call. */
export const publicRouter = router({
  configuration: router({
    byId: configurationReadProcedure
      .input(ZConfigurationByIdRequest)
      .output(ZPublicScreenerConfiguration)
      .query(({ ctx, input }) => getPublicConfigurationById(ctx, input)),
    bySlug: configurationReadProcedure
      .input(ZConfigurationBySlugRequest)
      .output(ZPublicScreenerConfiguration)
      .query(({ ctx, input }) => getPublicConfigurationBySlug(ctx, input)),
  }),
  analyze: publicProcedure
    .input(ZAnalyzeDass21Request)
    .output(ZAnalysis)
    .mutation(({ ctx, input }) => analyzeDass21(ctx, input)),
  analyzeCombined: publicProcedure
    .input(ZAnalyzeCombinedRequest)
    .output(ZAnalysis)
    .mutation(({ ctx, input }) => analyzeCombined(ctx, input)),
  psychologists: publicProcedure
    .input(ZPublicPsychologistsRequest)
    .output(z.array(ZPublicPsychologist))
    .query(({ ctx, input }) => listPublicPsychologists(ctx, input)),
  availability: publicProcedure
    .input(ZFreeSlotsRequest)
    .output(z.array(ZFreeSlot))
    .query(({ ctx, input }) => listFreeSlots(ctx, input)),
  bookAppointment: publicProcedure
    .input(ZBookAppointmentRequest)
    .output(ZBookAppointmentResponse)
    .mutation(({ ctx, input }) => bookAppointment(ctx, input)),
});
