import { z } from 'zod';
import { listPsychologistsOf } from '../../../../db/repositories/psychologists';
import { deleteOwnPsychologist } from '../../../psychologists/delete-psychologist';
import {
  ZCreatePsychologistRequest,
  ZDeletePsychologistRequest,
  ZDeletePsychologistResponse,
  ZPsychologist,
  ZUpdatePsychologistRequest,
} from '../../../psychologists/psychologists.schema';
import { createPsychologist, updateOwnPsychologist } from '../../../psychologists/save-psychologist';
import { adminProcedure, router } from '../../init';

export const adminPsychologistsRouter = router({
  list: adminProcedure
    .output(z.array(ZPsychologist))
    .query(({ ctx }) => listPsychologistsOf(ctx.db, ctx.admin.id)),
  create: adminProcedure
    .input(ZCreatePsychologistRequest)
    .output(ZPsychologist)
    .mutation(({ ctx, input }) => createPsychologist(ctx, ctx.admin.id, input)),
  update: adminProcedure
    .input(ZUpdatePsychologistRequest)
    .output(ZPsychologist)
    .mutation(({ ctx, input }) => updateOwnPsychologist(ctx, ctx.admin.id, input)),
  delete: adminProcedure
    .input(ZDeletePsychologistRequest)
    .output(ZDeletePsychologistResponse)
    .mutation(({ ctx, input }) => deleteOwnPsychologist(ctx, ctx.admin.id, input)),
});
