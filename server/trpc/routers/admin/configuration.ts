import { adminProcedure, router } from '../../init';
import { notImplemented } from '../../not-implemented';

export const adminConfigurationRouter = router({
  get: adminProcedure.query(notImplemented),
  update: adminProcedure.mutation(notImplemented),
});
