import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import { STRIPE_WEBHOOK_OPERATION, STRIPE_WEBHOOK_PATH } from '../billing/stripe-webhook-route';
import { ROLES } from '../../domain/roles';
import { type AppErrorCode, ERROR_CODES } from '../errors';
import { API_KEY_SCHEME, API_KEY_SECURITY_SCHEME, withApiKeySecurity } from './openapi-api-keys';
import { LOGO_OPERATIONS, LOGO_PATH, LOGO_UPLOAD_PATH } from './logo-routes';
import { sessionCookieName } from '../session';
import type { ProcedureMeta } from '../trpc/init';
import { appRouter, type ProcedurePath } from '../trpc/root';
import { type HttpMethod, REST_ROUTES, type RestRoute, type UseCaseRefusal } from './routes';
import { WEBHOOK_CATALOGUE } from '../webhooks/webhook-catalogue';
import { IDEMPOTENCY_KEY_PARAMETER, takesIdempotencyKey } from './idempotency';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const SESSION_SCHEME = 'operatorSession';

/** The document's tags, in its order; an operation takes the first whose prefix its procedure's path starts with. */
const TAGS = [
  { name: 'Visitor', description: "What a visitor's browser calls: the screener, free slots, booking and the visitor's own link", prefixes: ['public.', 'billing.visitorInfo', 'billing.checkSubscription'] },
  { name: 'Account', description: 'Signing in and out, registering, invitations, passwords, two-factor sign-in and the clinic account', prefixes: ['auth.', 'admin.account.', 'admin.twoFactor.'] },
  { name: 'Team', description: "The clinic's members, their roles and invitations", prefixes: ['admin.members.'] },
  { name: 'Clinic setup', description: 'The screener, booking settings, the place of sessions, the logo and WhatsApp messages', prefixes: ['admin.configuration.', 'admin.bookingSettings.', 'admin.sessionPlace.', 'admin.whatsapp.'] },
  { name: 'Schedule', description: 'Psychologists, their weekly hours, exceptions and free slots', prefixes: ['admin.psychologists.', 'admin.schedule.', 'admin.availability.'] },
  { name: 'Appointments', description: "The clinic's bookings and what it answers them, the shared results and the export", prefixes: ['admin.appointments.'] },
  { name: 'Measures', description: "Repeat measures of a client in care: enrolment, with the client's consent, and the alerts someone acknowledges", prefixes: ['admin.measures.', 'admin.measureAlerts.'] },
  { name: 'Webhooks', description: "The clinic's webhook endpoints and signing secret", prefixes: ['admin.webhooks.'] },
  { name: 'API keys', description: "The clinic's keys for its own servers' calls, made and revoked by a signed-in owner or admin", prefixes: ['admin.apiKeys.'] },
  { name: 'Insights and audit', description: "The clinic's anonymous figures and who saw or exported personal data", prefixes: ['admin.insights.', 'admin.auditLog.'] },
  { name: 'Payments', description: "Payment at booking: the clinic's own Stripe account (Connect) and its payment policy", prefixes: ['admin.payments.'] },
  { name: 'Billing', description: 'The subscription, its portal and Stripe’s events', prefixes: ['billing.', 'admin.billing.'] },
] as const;

function tagOf(procedure: ProcedurePath): string {
  return TAGS.find(({ prefixes }) => prefixes.some((prefix) => procedure.startsWith(prefix)))!.name;
}

const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The refusals whose meaning is the same on every route, each with the body `{ error, fields? }` (server/errors.ts). */
const SHARED_REFUSALS = {
  BadRequest: errorBody('Invalid input: `error` is a general sentence, `fields` the problems of each field'),
  NotSignedIn: errorBody('Not signed in, or the session ended (signed out, expired, revoked)'),
  NotFound: errorBody('What the call names does not exist, or is not this clinic’s'),
  Gone: errorBody("The visitor's link no longer works: the visitor erased their data or the clinic closed its account; `error` says which"),
  Conflict: errorBody('The current state does not allow it; `error` says why'),
  PayloadTooLarge: errorBody('The body is larger than the route takes'),
  UnsupportedMediaType: errorBody('The body is not of a type the route takes (JSON on every route but the logo upload)'),
  IdempotencyKeyReused: errorBody('This Idempotency-Key came with another request within 24 hours; use a new key for a new request'),
  TooManyRequests: errorBody('Too many attempts from this caller; `error` says when to try again, or what to do instead'),
  Internal: errorBody('Our fault; the log has the details, the answer says no more'),
  Unavailable: errorBody('The database is out of reach or busy for a moment; try again'),
} as const;

type SharedRefusal = keyof typeof SHARED_REFUSALS;
const ref = (name: SharedRefusal) => ({ $ref: `#/components/responses/${name}` });

const USE_CASE_REFUSALS: Record<UseCaseRefusal, SharedRefusal> = { CONFLICT: 'Conflict', GONE: 'Gone', TOO_MANY_REQUESTS: 'TooManyRequests' };
const statusOf = (code: AppErrorCode) => String(ERROR_CODES[code].http);

const STATE_CHANGING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a 403 means on this route: the roles it is open to, the two-factor set-up its clinic may require, a cross-site request. */
function forbiddenMeaning(method: HttpMethod, meta: ProcedureMeta): string | undefined {
  const reasons = [
    // A route open to every role refuses none.
    ...(meta.access === 'operator' && (meta.roles ?? []).length < ROLES.length ? [`your role may not call it (open to: ${(meta.roles ?? []).join(', ') || 'nobody'})`] : []),
    ...(meta.access === 'operator' && !meta.openBeforeTwoFactor ? ['your clinic requires two-factor sign-in and yours is not on yet'] : []),
    ...(STATE_CHANGING.has(method) ? ["a browser's cross-site request (Origin or Sec-Fetch-Site names another site)"] : []),
  ];
  return reasons.length === 0 ? undefined : `Refused: ${reasons.join('; or ')}`;
}

interface RouteShape {
  method: HttpMethod;
  /** Whether the path names something (a path parameter, or an id, slug or token in the input). */
  namesSomething: boolean;
  hasBody: boolean;
  hasInput: boolean;
  refusals: readonly UseCaseRefusal[];
}

/**
 * Every refusal an operation can answer, derived from the procedure's meta (who may call it) and
 * the route's shape (path parameters, a body); the use case's own (409, 410, 429) come from the
 * route's row. Other modules add theirs here (an API key's scope, an idempotency key's 422).
 */
export function refusalsOf(meta: ProcedureMeta, shape: RouteShape): Record<string, unknown> {
  const forbidden = forbiddenMeaning(shape.method, meta);
  return {
    // A body or query that is no object, or an invalid input.
    ...((shape.hasInput || shape.hasBody) && { '400': ref('BadRequest') }),
    ...(meta.access === 'operator' && { '401': ref('NotSignedIn') }),
    ...(forbidden && { '403': errorBody(forbidden) }),
    ...(shape.namesSomething && { '404': ref('NotFound') }),
    ...Object.fromEntries(shape.refusals.map((code) => [statusOf(code), ref(USE_CASE_REFUSALS[code])])),
    ...(shape.hasBody && { '413': ref('PayloadTooLarge'), '415': ref('UnsupportedMediaType') }),
    '500': ref('Internal'),
    '503': ref('Unavailable'),
  };
}

/** Who may call it: the session cookie for a member, nobody's credentials for the public. */
export function securityOf(meta: ProcedureMeta): Record<string, string[]>[] {
  return meta.access === 'operator' ? [{ [SESSION_SCHEME]: [] }] : [];
}

function securitySchemes(publicUrl: string): Record<string, JsonSchema> {
  return {
    [SESSION_SCHEME]: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookieName(publicUrl),
      description: 'The sealed session cookie POST /api/login sets (prefixed `__Host-` when the server is served over https)',
    },
    [API_KEY_SCHEME]: API_KEY_SECURITY_SCHEME,
  };
}

function who(meta: ProcedureMeta): string {
  if (meta.access === 'public') return 'Public: no session needed.';
  if ((meta.roles ?? []).length === ROLES.length) return 'For any signed-in member.';
  return `For a signed-in member whose role is ${(meta.roles ?? []).join(', ')}.`;
}

function schemaOf(parser: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(parser instanceof z.ZodType)) return undefined;
  const schema = z.toJSONSchema(parser, {
    io,
    unrepresentable: 'any',
    // Dates leave REST as JSON writes them, and arrive the same way.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  // The document is 3.1, whose schemas are this dialect already: nothing to look up.
  delete schema.$schema;
  return schema;
}

/** The input schema less the fields the path fills: those are parameters, never body or query fields too. */
function withoutPathFields(input: JsonSchema | undefined, pathFields: readonly string[]): JsonSchema | undefined {
  if (!input?.properties) return input;
  const properties = Object.fromEntries(Object.entries(input.properties as Record<string, JsonSchema>).filter(([name]) => !pathFields.includes(name)));
  if (Object.keys(properties).length === 0) return undefined;
  const required = ((input.required ?? []) as string[]).filter((name) => !pathFields.includes(name));
  return { ...input, properties, ...(required.length > 0 ? { required } : { required: undefined }) };
}

/** Path segments and the input fields they fill. */
function pathParametersOf(route: RestRoute): { name: string; field: string }[] {
  return [...route.path.matchAll(/:(\w+)/g)].map((match) => {
    const name = match[1]!;
    return { name, field: route.pathFields?.[name] ?? name };
  });
}

/**
 * The operation's parameters: its path segments, then the rest of the input as the query on
 * GET and DELETE. Headers an operation takes go here too (an Idempotency-Key).
 */
export function parametersOf(route: RestRoute, input: JsonSchema | undefined): JsonSchema[] {
  const pathParams = pathParametersOf(route);
  const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
  const query = route.method === 'GET' || route.method === 'DELETE' ? withoutPathFields(input, pathParams.map(({ field }) => field)) : undefined;
  const required = new Set((query?.required ?? []) as string[]);
  return [
    ...pathParams.map(({ name, field }) => ({
      name,
      in: 'path',
      required: true,
      description: field === name ? `The ${name}` : `The ${field}`,
      schema: properties[field] ?? { type: 'string' },
    })),
    ...Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof schema.description === 'string' && { description: schema.description }),
      schema,
    })),
    ...(takesIdempotencyKey(route) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
}

/** A JSON body, less what the path carries; none on a route whose input the path fills alone. */
function requestBodyOf(route: RestRoute, input: JsonSchema | undefined): JsonSchema | undefined {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  const body = withoutPathFields(input, pathParametersOf(route).map(({ field }) => field));
  if (!body) return undefined;
  // A body whose fields are all optional may be left out.
  const required = ((body.required ?? []) as string[]).length > 0;
  return { required, content: { 'application/json': { schema: body } } };
}

const IDENTIFYING_FIELD = /(^id$|Id$|^slug$|[tT]oken$)/;

const procedures = () => appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

function metaOf(procedure: ProcedurePath): ProcedureMeta {
  return procedures()[procedure]!._def.meta as ProcedureMeta;
}

function outputOf(procedure: ProcedurePath): JsonSchema | undefined {
  return schemaOf((procedures()[procedure]!._def as { output?: unknown }).output, 'output');
}

/** One route's operation, with an API key beside the cookie where a key may call it (server/rest/openapi-api-keys.ts). */
function restOperation(route: RestRoute): Operation {
  const procedure = procedures()[route.procedure]!;
  const meta = metaOf(route.procedure);
  const input = schemaOf(procedure._def.inputs[0], 'input');
  const output = outputOf(route.procedure);
  const requestBody = requestBodyOf(route, input);
  const inputFields = Object.keys((input?.properties ?? {}) as object);
  return withApiKeySecurity(route, {
    operationId: route.procedure,
    tags: [tagOf(route.procedure)],
    summary: route.summary,
    description: `${route.summary}. ${who(meta)}`,
    security: securityOf(meta),
    parameters: parametersOf(route, input),
    ...(requestBody && { requestBody }),
    responses: {
      [String(route.successStatus ?? 200)]: {
        description: 'Done',
        ...(output && { content: { [route.contentType?.split(';')[0] ?? 'application/json']: { schema: output } } }),
      },
      ...refusalsOf(meta, {
        method: route.method,
        namesSomething: route.path.includes(':') || inputFields.some((field) => IDENTIFYING_FIELD.test(field)),
        hasBody: requestBody !== undefined,
        hasInput: input !== undefined,
        refusals: route.refusals ?? [],
      }),
      // A malformed Idempotency-Key; a retry with it while the first call still runs, or with another body.
      ...(takesIdempotencyKey(route) && { '400': ref('BadRequest'), '409': ref('Conflict'), '422': ref('IdempotencyKeyReused') }),
    },
  });
}

/** The routes that are not rows of the table, their refusals derived as the rows' are. */
function ownRouteOperations(): Record<string, Record<string, Operation>> {
  const logoMeta = metaOf('admin.configuration.uploadLogo');
  const removeMeta = metaOf('admin.configuration.removeLogo');
  const uploaded = outputOf('admin.configuration.uploadLogo');
  const stripe = { access: 'public' } as const;
  return {
    [STRIPE_WEBHOOK_PATH]: {
      post: {
        ...STRIPE_WEBHOOK_OPERATION,
        tags: ['Billing'],
        responses: {
          ...STRIPE_WEBHOOK_OPERATION.responses,
          ...refusalsOf(stripe, { method: 'POST', namesSomething: false, hasBody: true, hasInput: true, refusals: [] }),
          // No cross-site check here: the signature proves the origin.
          '403': undefined,
          '400': errorBody('Missing, invalid or too old Stripe-Signature'),
          '404': errorBody('Billing runs in test mode (no Stripe keys): there are no Stripe events to receive'),
        },
      },
    },
    [LOGO_UPLOAD_PATH]: {
      put: {
        ...LOGO_OPERATIONS.upload,
        tags: ['Clinic setup'],
        description: `${LOGO_OPERATIONS.upload.summary}. ${who(logoMeta)}`,
        security: securityOf(logoMeta),
        responses: {
          '200': { description: 'Saved', content: { 'application/json': { schema: uploaded } } },
          ...refusalsOf(logoMeta, { method: 'PUT', namesSomething: false, hasBody: true, hasInput: true, refusals: [] }),
          ...LOGO_OPERATIONS.upload.responses,
        },
      },
      delete: {
        ...LOGO_OPERATIONS.remove,
        tags: ['Clinic setup'],
        description: `${LOGO_OPERATIONS.remove.summary}. ${who(removeMeta)}`,
        security: securityOf(removeMeta),
        responses: {
          '200': { description: 'Removed', content: { 'application/json': { schema: outputOf('admin.configuration.removeLogo') } } },
          ...refusalsOf(removeMeta, { method: 'DELETE', namesSomething: false, hasBody: false, hasInput: false, refusals: [] }),
        },
      },
    },
    [LOGO_PATH.replace(':id', '{id}')]: {
      get: {
        ...LOGO_OPERATIONS.serve,
        tags: ['Visitor'],
        description: `${LOGO_OPERATIONS.serve.summary}. ${who({ access: 'public' })}`,
        responses: { ...LOGO_OPERATIONS.serve.responses, ...refusalsOf({ access: 'public' }, { method: 'GET', namesSomething: true, hasBody: false, hasInput: false, refusals: [] }) },
      },
    },
  };
}

/** A JSON round trip drops the keys set to undefined above (a refusal a route does not answer). */
const withoutUndefined = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The OpenAPI document of the REST routes, generated from the procedures' zod schemas and meta. */
export function buildOpenApiDocument(publicUrl: string): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of REST_ROUTES) {
    (paths[route.path.replace(/:(\w+)/g, '{$1}')] ??= {})[route.method.toLowerCase()] = restOperation(route);
  }
  Object.assign(paths, ownRouteOperations());
  return withoutUndefined({
    openapi: '3.1.0',
    info: {
      title: 'Minda API',
      version: '1.0.0',
      description: "Minda's REST API: a visitor's screening and booking, and a clinic's schedule, appointments and settings. Errors answer `{ error, fields? }` in the caller's language.",
      contact: { name: 'Minda', url: publicUrl },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: publicUrl }],
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    webhooks: WEBHOOK_CATALOGUE,
    components: {
      securitySchemes: securitySchemes(publicUrl),
      schemas: {
        ErrorBody: {
          type: 'object',
          properties: {
            error: { type: 'string', description: "A sentence for a person, in the caller's language (x-minda-locale, Accept-Language)" },
            fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          },
          required: ['error'],
        },
      },
      responses: SHARED_REFUSALS,
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
    },
  });
}
