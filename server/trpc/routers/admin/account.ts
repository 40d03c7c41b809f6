import { adminProcedure, publicProcedure, router } from '../../init';
import { notImplemented } from '../../not-implemented';

/** Sign-up, sign-in and password reset: public procedures of the operator's account. */
export const accountRouter = router({
  me: adminProcedure.query(({ ctx }) => ({
    id: ctx.admin.id,
    username: ctx.admin.username,
    email: ctx.admin.email,
  })),
  login: publicProcedure.mutation(notImplemented),
  register: publicProcedure.mutation(notImplemented),
  logout: publicProcedure.mutation(notImplemented),
  requestPasswordReset: publicProcedure.mutation(notImplemented),
  resetPassword: publicProcedure.mutation(notImplemented),
});
