import { z } from 'zod';
import { listPsychologists } from '../../../psychologists/list-psychologists';
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
});
