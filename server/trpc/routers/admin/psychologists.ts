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
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

export const adminPsychologistsRouter = router({
  list: memberProcedure(ACCESS.schedules)
    .output(z.array(ZPsychologist))
    .query(({ ctx }) => listPsychologists(ctx)),
  create: memberProcedure(ACCESS.clinicSetup)
    .input(ZCreatePsychologistRequest)
    .output(ZPsychologist)
    .mutation(({ ctx, input }) => createPsychologist(ctx, input)),
  update: memberProcedure(ACCESS.clinicSetup)
    .input(ZUpdatePsychologistRequest)
    .output(ZPsychologist)
    .mutation(({ ctx, input }) => updateOwnPsychologist(ctx, input)),
  delete: memberProcedure(ACCESS.clinicSetup)
    .input(ZDeletePsychologistRequest)
    .output(ZDeletePsychologistResponse)
    .mutation(({ ctx, input }) => deleteOwnPsychologist(ctx, input)),
  renewCalendarLink: memberProcedure(ACCESS.calendarLinks)
    .input(ZRenewCalendarLinkRequest)
    .output(ZRenewCalendarLinkResponse)
    .mutation(({ ctx, input }) => renewCalendarLink(ctx, input)),
});
