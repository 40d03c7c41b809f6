import { adminProcedure, router } from '../../init';
import { notImplemented } from '../../not-implemented';

export const adminPsychologistsRouter = router({
  list: adminProcedure.query(notImplemented),
  create: adminProcedure.mutation(notImplemented),
  update: adminProcedure.mutation(notImplemented),
  delete: adminProcedure.mutation(notImplemented),
});
