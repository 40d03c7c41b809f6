import type { AnyProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createCallerFactory, router } from './init';
import { adminRouter } from './routers/admin';
import { billingRouter } from './routers/billing';
import { publicRouter } from './routers/public';

export const appRouter = router({
  public: publicRouter,
  admin: adminRouter,
  billing: billingRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);

type PathsOf<R> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? K : `${K}.${PathsOf<R[K]>}`;
}[keyof R & string];

/** Every procedure's dotted path, e.g. 'public.configuration.bySlug'. */
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;
