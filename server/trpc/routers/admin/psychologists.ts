import { z } from 'zod';
import { listPsychologists } from '../../../psychologists/list-psychologists';
import {
  deleteOwnPsychologist,
  ZDeletePsychologistRequest,
  ZDeletePsychologistResponse,
} from '../../../psychologists/delete-psychologist';
import { ZPsychologist } from '../../../psychologists/psychologist';
import { renewCalendarLink, ZRenewCalendarLinkRequest, ZRenewCalendarLinkResponse } from '../../../psychologists/renew-calendar-link';
import {
  createPsychologist,
  updateOwnPsychologist,
  ZCreatePsychologistRequest,
  ZUpdatePsychologistRequest,
} from '../../../psychologists/save-psychologist';
import { adminProcedure, router } from '../../init';

export const adminPsychologistsRouter = router({
  list: adminProcedure
    .output(z.array(ZPsychologist))
    .query(({ ctx }) => listPsychologists(ctx)),
  create: adminProcedure
    .input(ZCreatePsychologistRequest)
    .output(ZPsychologist)
    .mutation(({ ctx, input }) => createPsychologist(ctx, input)),
  update: adminProcedure
    .input(ZUpdatePsychologistRequest)
    .output(ZPsychologist)
    .mutation(({ ctx, input }) => updateOwnPsychologist(ctx, input)),
  delete: adminProcedure
    .input(ZDeletePsychologistRequest)
    .output(ZDeletePsychologistResponse)
    .mutation(({ ctx, input }) => deleteOwnPsychologist(ctx, input)),
  renewCalendarLink: adminProcedure
    .input(ZRenewCalendarLinkRequest)
    .output(ZRenewCalendarLinkResponse)
    .mutation(({ ctx, input }) => renewCalendarLink(ctx, input)),
});
