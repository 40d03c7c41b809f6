import { toAccount } from '../../../account/account';
import { ZAccount } from '../../../account/account';
import { ZOk } from '../../../zod-fields';
import { logoutEverywhere } from '../../../account/logout-everywhere';
import { adminProcedure, router } from '../../init';

/** The signed-in operator's own account. */
export const accountRouter = router({
  me: adminProcedure.output(ZAccount).query(({ ctx }) => toAccount(ctx.admin)),
  logoutEverywhere: adminProcedure.output(ZOk).mutation(({ ctx }) => logoutEverywhere(ctx)),
});
