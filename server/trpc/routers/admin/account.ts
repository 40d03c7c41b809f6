import { toAccount } from '../../../account/account';
import { ZAccount } from '../../../account/account';
import { ZOk } from '../../../zod-fields';
import { logoutEverywhere } from '../../../account/logout-everywhere';
import { deleteAccount, ZDeleteAccountRequest } from '../../../account/delete-account';
import { adminProcedure, router } from '../../init';

/** The signed-in operator's own account. */
export const accountRouter = router({
  me: adminProcedure.output(ZAccount).query(({ ctx }) => toAccount(ctx.admin)),
  logoutEverywhere: adminProcedure.output(ZOk).mutation(({ ctx }) => logoutEverywhere(ctx)),
  /** The clinic deletes itself with all its data, its subscription cancelled first. */
  delete: adminProcedure.input(ZDeleteAccountRequest).output(ZOk).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
});
