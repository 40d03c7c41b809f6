import { adminProcedure, publicProcedure, router } from '../init';
import { notImplemented } from '../not-implemented';

/** The operator's portal: the account itself, then what a signed-in operator manages. */
export const adminRouter = router({
  account: router({
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
  }),
  configuration: router({
    get: adminProcedure.query(notImplemented),
    update: adminProcedure.mutation(notImplemented),
  }),
  psychologists: router({
    list: adminProcedure.query(notImplemented),
    create: adminProcedure.mutation(notImplemented),
    update: adminProcedure.mutation(notImplemented),
    delete: adminProcedure.mutation(notImplemented),
  }),
  availability: router({
    generate: adminProcedure.mutation(notImplemented),
    list: adminProcedure.query(notImplemented),
    update: adminProcedure.mutation(notImplemented),
    delete: adminProcedure.mutation(notImplemented),
  }),
});
