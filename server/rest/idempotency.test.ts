import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { REST_ROUTES } from './routes';

describe('the Idempotency-Key in the OpenAPI document', () => {
  const document = buildOpenApiDocument('https://minda.example') as {
    paths: Record<string, Record<string, { parameters?: { $ref?: string }[] }>>;
    components: { parameters: Record<string, { name: string; in: string }> };
  };
  const takesKey = (method: string, path: string) =>
    (document.paths[path.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()]!.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');

  it('declares the header once, and on every change of the route table but no read', () => {
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    for (const route of REST_ROUTES) expect(takesKey(route.method, route.path), `${route.method} ${route.path}`).toBe(route.method !== 'GET');
  });
});
