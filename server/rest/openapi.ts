import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import { STRIPE_WEBHOOK_OPERATION, STRIPE_WEBHOOK_PATH } from '../billing/stripe-webhook-route';
import { addApiKeySecurity } from './openapi-api-keys';
import { LOGO_OPERATIONS, LOGO_PATH, LOGO_UPLOAD_PATH } from './logo-routes';
import { SESSION_COOKIE_NAME } from '../session';
import type { ProcedureMeta } from '../trpc/init';
import { appRouter } from '../trpc/root';
import { REST_ROUTES, type RestRoute } from './routes';

type JsonSchema = Record<string, unknown>;

const SESSION_SCHEME = 'operatorSession';

/** The refusals a caller may meet, each with the body `{ error, fields? }` (server/errors.ts). */
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});
const REFUSALS = {
  BadRequest: errorResponse('Invalid input: `error` is a general sentence, `fields` the problems of each field'),
  NotSignedIn: errorResponse('Not signed in, or the session was revoked'),
  CrossSite: errorResponse('Refused: a cross-site request, or a body that is not JSON'),
  NotFound: errorResponse('What the path names does not exist (or is not yours)'),
  Refused: errorResponse('Another refusal: 409 conflict, 413 body too large, 429 too many attempts, 500'),
  Unavailable: errorResponse('The database is out of reach or busy for a moment; try again'),
};

function schemaOf(parser: unknown): JsonSchema | undefined {
  if (!(parser instanceof z.ZodType)) return undefined;
  const schema = z.toJSONSchema(parser, {
    io: 'input',
    unrepresentable: 'any',
    // Dates leave REST as JSON does write them.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  // The document is 3.1, whose schemas are this dialect already: nothing to look up.
  delete schema.$schema;
  return schema;
}

function responsesOf(route: RestRoute, access: ProcedureMeta['access'], output: JsonSchema | undefined): JsonSchema {
  const ref = (name: keyof typeof REFUSALS) => ({ $ref: `#/components/responses/${name}` });
  return {
    [String(route.successStatus ?? 200)]: {
      description: 'Success',
      ...(output && { content: { [route.contentType?.split(';')[0] ?? 'application/json']: { schema: output } } }),
    },
    '400': ref('BadRequest'),
    ...(access === 'operator' && { '401': ref('NotSignedIn') }),
    ...(route.method !== 'GET' && { '403': ref('CrossSite') }),
    ...(route.path.includes(':') && { '404': ref('NotFound') }),
    '503': ref('Unavailable'),
    default: ref('Refused'),
  };
}

/** The OpenAPI document of the REST routes, generated from the procedures' zod schemas. */
export function buildOpenApiDocument(publicUrl: string): JsonSchema {
  // At run time `_def.procedures` is flat, keyed by dotted path; its static type is nested.
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of REST_ROUTES) {
    const procedure = procedures[route.procedure]!;
    const access = (procedure._def.meta as ProcedureMeta).access;
    const input = schemaOf(procedure._def.inputs[0]);
    const output = schemaOf((procedure._def as { output?: unknown }).output);
    const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input?.required ?? []) as string[]);
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => {
      const name = m[1]!;
      return { name, field: route.pathFields?.[name] ?? name };
    });
    const inQuery = route.method === 'GET' || route.method === 'DELETE';
    const parameters = [
      ...pathParams.map(({ name, field }) => ({
        name,
        in: 'path',
        required: true,
        ...(field !== name && { description: `The ${field}` }),
        schema: properties[field] ?? { type: 'string' },
      })),
      ...(inQuery
        ? Object.entries(properties)
            .filter(([name]) => !pathParams.some(({ field }) => field === name))
            .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))
        : []),
    ];
    const operation: JsonSchema = {
      operationId: route.procedure,
      summary: route.summary,
      security: access === 'operator' ? [{ [SESSION_SCHEME]: [] }] : [],
      parameters,
      responses: responsesOf(route, access, output),
    };
    if (!inQuery && input) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[openApiPath] ??= {})[route.method.toLowerCase()] = operation;
  }
  paths[STRIPE_WEBHOOK_PATH] = { post: STRIPE_WEBHOOK_OPERATION };
  const signedIn = [{ [SESSION_SCHEME]: [] }];
  paths[LOGO_UPLOAD_PATH] = { put: { ...LOGO_OPERATIONS.upload, security: signedIn }, delete: { ...LOGO_OPERATIONS.remove, security: signedIn } };
  paths[LOGO_PATH.replace(':id', '{id}')] = { get: LOGO_OPERATIONS.serve };
  return addApiKeySecurity({
    openapi: '3.1.0',
    info: { title: 'Minda API', version: '1.0.0', license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'The sealed session cookie POST /api/login sets',
        },
      },
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
      responses: REFUSALS,
    },
  });
}
