import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../db/connection-errors';
import type { RequestContext } from '../context';
import { AppError, fieldProblems, INTERNAL_ERROR_MESSAGE, toTRPCError } from '../errors';
import { operatorOfSession } from '../session';
import { ZodError } from 'zod';

/** Who may call a procedure; read by tests and the OpenAPI document. */
export interface ProcedureMeta {
  access: 'public' | 'operator';
  /**
   * The answer is the same for every caller and made of a public configuration alone, so both
   * transports keep its bytes with the configurations and forget them when an operator saves
   * (docs/decisions/0014). Every screener visit asks for one.
   */
  cachedWithConfigurations?: true;
}

const t = initTRPC.context<RequestContext>().meta<ProcedureMeta>().create({
  transformer: superjson,
  // Stack traces stay in the log; callers get the readable message and the field problems.
  isDev: false,
  errorFormatter({ shape, error }) {
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: internal ? INTERNAL_ERROR_MESSAGE : shape.message,
      data: {
        ...shape.data,
        fields: error.cause instanceof ZodError ? fieldProblems(error.cause) : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Maps domain errors, input errors and a lost database once, for tRPC and REST alike. */
const errorMapping = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (result.ok) return result;
  if (isDatabaseUnavailable(result.error)) {
    ctx.log.warn({ err: result.error.cause ?? result.error, procedure: path }, 'database unavailable');
    const unavailable = new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, { cause: result.error });
    return { ...result, error: toTRPCError(new TRPCError({ code: 'SERVICE_UNAVAILABLE', cause: unavailable })) };
  }
  const mapped = toTRPCError(result.error);
  if (mapped.code === 'INTERNAL_SERVER_ERROR') {
    ctx.log.error({ err: result.error.cause ?? result.error, procedure: path }, 'procedure failed');
  }
  return { ...result, error: mapped };
});

export const publicProcedure = t.procedure.meta({ access: 'public' }).use(errorMapping);

/** Public reads whose answer is made of a public configuration alone (`cachedWithConfigurations`). */
export const configurationReadProcedure = publicProcedure.meta({ access: 'public', cachedWithConfigurations: true });

/**
 * Signed-in operators only: the cookie must name a live session row, so a logout, a password
 * reset or an expiry ends every copy of the cookie. After this middleware `ctx.admin` and
 * `ctx.adminSession` are non-null by type.
 */
export const adminProcedure = publicProcedure.meta({ access: 'operator' }).use(async ({ ctx, next }) => {
  const session = await ctx.session();
  const operator = await operatorOfSession(ctx, session);
  if (!operator) {
    if (session.sessionId) session.destroy();
    throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  }
  return next({ ctx: { admin: operator, adminSession: session } });
});
