import type { AnyProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { Role } from '../../domain/roles';
import { createCallerFactory, type ProcedureMeta, router } from './init';
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { billingRouter } from './routers/billing';
import { publicRouter } from './routers/public';

export const appRouter = router({
  public: publicRouter,
  auth: authRouter,
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

export interface ProcedureInfo {
  path: ProcedurePath;
  type: 'query' | 'mutation' | 'subscription';
  access: ProcedureMeta['access'];
  /** An operator procedure's roles (domain/roles.ts); none for a public one. */
  roles: readonly Role[];
  /** Whether it declares an input schema. */
  hasInput: boolean;
  sharedAnswer: boolean;
  /** Who may call it, as its middleware checks (an idempotent replay checks it again). */
  meta: ProcedureMeta;
}

/** Every procedure with its access level, e.g. to test that each operator one is guarded. */
export function listProcedures(): ProcedureInfo[] {
  // At run time `_def.procedures` is flat, keyed by dotted path; its static type is nested.
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const meta = procedure._def.meta as ProcedureMeta;
    return {
      path: path as ProcedurePath,
      type: procedure._def.type,
      access: meta.access,
      roles: meta.roles ?? [],
      hasInput: procedure._def.inputs.length > 0,
      sharedAnswer: meta.sharedAnswer === true,
      meta,
    };
  });
}
