import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import { STRIPE_WEBHOOK_OPERATION, STRIPE_WEBHOOK_PATH } from '../billing/stripe-webhook-route';
import { appRouter } from '../trpc/root';
import { REST_ROUTES } from './routes';

type JsonSchema = Record<string, unknown>;

const ErrorBody: JsonSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['error'],
};

function schemaOf(parser: unknown): JsonSchema | undefined {
  return parser instanceof z.ZodType
    ? (z.toJSONSchema(parser, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined;
}

/** The OpenAPI document of the REST routes, generated from the procedures' zod schemas. */
export function buildOpenApiDocument(publicUrl: string): JsonSchema {
  // At run time `_def.procedures` is flat, keyed by dotted path; its static type is nested.
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of REST_ROUTES) {
    const procedure = procedures[route.procedure];
    const input = schemaOf(procedure?._def.inputs[0]);
    const output = schemaOf((procedure?._def as { output?: unknown } | undefined)?.output);
    const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input?.required ?? []) as string[]);
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    const inQuery = route.method === 'GET' || route.method === 'DELETE';
    const parameters = [
      ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } })),
      ...(inQuery
        ? Object.entries(properties)
            .filter(([name]) => !pathParams.includes(name))
            .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))
        : []),
    ];
    const operation: JsonSchema = {
      operationId: route.procedure,
      summary: route.summary,
      parameters,
      responses: {
        [String(route.successStatus ?? 200)]: {
          description: 'Success',
          ...(output && { content: { 'application/json': { schema: output } } }),
        },
        default: { description: 'Error', content: { 'application/json': { schema: ErrorBody } } },
      },
    };
    if (!inQuery && input) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[openApiPath] ??= {})[route.method.toLowerCase()] = operation;
  }
  paths[STRIPE_WEBHOOK_PATH] = { post: STRIPE_WEBHOOK_OPERATION };
  return {
    openapi: '3.1.0',
    info: { title: 'Minda API', version: '1.0.0' },
    servers: [{ url: publicUrl }],
    paths,
  };
}
