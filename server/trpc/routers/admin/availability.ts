import { adminProcedure, router } from '../../init';
import { notImplemented } from '../../not-implemented';

export const adminAvailabilityRouter = router({
  generate: adminProcedure.mutation(notImplemented),
  list: adminProcedure.query(notImplemented),
  update: adminProcedure.mutation(notImplemented),
  delete: adminProcedure.mutation(notImplemented),
});
