import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { OperatorContext, RequestContext } from '../context';
import { AppError, DescribedTRPCError, describeError, ERROR_CODES } from '../errors';
import { actAsApiKey } from '../api-keys/authenticate-api-key';
import { inputLocale } from '../request-locale';
import { memberOfSession } from '../session';
import type { Role } from '../../domain/roles';

/** Who may call a procedure; read by tests and the OpenAPI document. */
export interface ProcedureMeta {
  access: 'public' | 'operator';
  /** Operator procedures: the members' roles that may call it (domain/roles.ts ACCESS). None: nobody. */
  roles?: readonly Role[];
  /**
   * Open to a member whose clinic requires two-factor sign-in before they have turned theirs on:
   * their own session and the set-up itself. Every other operator procedure refuses them.
   */
  openBeforeTwoFactor?: true;
  /**
   * The answer is the same for every caller and holds nothing personal, so browsers and proxies
   * may keep it briefly (server/http-cache.ts). Every screener visit asks for these.
   */
  sharedAnswer?: true;
}

const t = initTRPC.context<RequestContext>().meta<ProcedureMeta>().create({
  transformer: superjson,
  // Stack traces stay in the log; callers get the readable message and the field problems.
  isDev: false,
  // Procedures' errors arrive described (errorMapping); tRPC's own, thrown before any procedure
  // runs (a malformed batch, an unknown path), are described here.
  errorFormatter({ shape, error, ctx }) {
    const { code, body } = describeError(error, ctx?.locale ?? 'en');
    // Our status where tRPC's code stands for more than one of ours (410 beside 404).
    const httpStatus = ERROR_CODES[code].trpc === shape.data.code ? ERROR_CODES[code].http : shape.data.httpStatus;
    return { ...shape, message: body.error, data: { ...shape.data, httpStatus, fields: body.fields } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Describes domain errors, input errors and a lost or busy database once, for tRPC and REST
 * alike, in the caller's language: the input's own (a booking's clientLanguage), else the request's.
 */
const errorMapping = t.middleware(async ({ ctx, next, path, getRawInput }) => {
  const result = await next();
  if (result.ok) return result;
  const locale = inputLocale(await getRawInput().catch(() => undefined)) ?? ctx.locale;
  const described = describeError(result.error, locale);
  const err = result.error.cause ?? result.error;
  if (described.code === 'SERVICE_UNAVAILABLE' && !(err instanceof AppError)) {
    ctx.log.warn({ err, procedure: path }, 'database unavailable or busy');
  } else if (described.code === 'INTERNAL') {
    ctx.log.error({ err, procedure: path }, 'procedure failed');
  }
  return { ...result, error: new DescribedTRPCError(described, result.error) };
});

export const publicProcedure = t.procedure.meta({ access: 'public' }).use(errorMapping);

/** Public reads whose answer is the same for every visitor of a screener (`sharedAnswer`). */
export const sharedReadProcedure = publicProcedure.meta({ access: 'public', sharedAnswer: true });

/**
 * Signed-in members only: the cookie must name a live session row of a current member, so a
 * logout, a password reset, an expiry or a removal ends every copy of the cookie. Then the
 * member's role must be one the procedure declares (`meta.roles`; none declared lets nobody in).
 * A member whose clinic requires two-factor sign-in and who has not turned theirs on is held to
 * the set-up (`meta.openBeforeTwoFactor`) until they do: here, so no procedure can forget it.
 * A REST call with an API key acts instead within the key's scopes (server/api-keys).
 * After the middleware (`signedInMember`) `ctx.admin` (the clinic), `ctx.member` and
 * `ctx.adminSession` are non-null by type; an idempotent replay (server/rest/idempotency.ts)
 * admits its caller here too, though the procedure does not run.
 */
export async function admitMember(ctx: RequestContext, meta: ProcedureMeta | undefined): Promise<Pick<OperatorContext, 'admin' | 'member' | 'adminSession'>> {
  if (ctx.apiKeyCall) return actAsApiKey(ctx, ctx.apiKeyCall);
  const session = await ctx.session();
  const found = await memberOfSession(ctx, session);
  if (!found) {
    if (session.sessionId) session.destroy();
    throw new AppError('UNAUTHORIZED', (t) => t.errors.signInRequired());
  }
  if (!meta?.roles?.includes(found.member.role)) throw new AppError('FORBIDDEN', (t) => t.errors.roleNotAllowed());
  if (found.member.twoFactorSetupRequired && !meta.openBeforeTwoFactor) {
    throw new AppError('FORBIDDEN', (t) => t.errors.twoFactor.setUpRequired());
  }
  return { admin: found.operator, member: found.member, adminSession: session };
}

const signedInMember = publicProcedure.use(async ({ ctx, meta, next }) => next({ ctx: await admitMember(ctx, meta) }));

/**
 * An operator procedure that the members with these roles may call: `memberProcedure(ACCESS.schedules)`.
 * `openBeforeTwoFactor` also lets in a member who still has to set up the two-factor sign-in
 * their clinic requires.
 */
export function memberProcedure(roles: readonly Role[], options: Pick<ProcedureMeta, 'openBeforeTwoFactor'> = {}) {
  return signedInMember.meta({ access: 'operator', roles, ...options });
}
