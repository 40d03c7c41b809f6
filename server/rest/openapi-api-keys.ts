import { API_KEY_SCOPES, type ApiKeyScope } from '../../domain/api-keys';
import { API_KEY_SCOPE_OF } from './api-key-scopes';
import type { RestRoute } from './routes';

type JsonSchema = Record<string, unknown>;

export const API_KEY_SCHEME = 'apiKey';

const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'appointments:read': 'read appointments',
  'appointments:write': 'confirm, decline, cancel, complete, mark missed or as spam, and set video links',
  schedule: "read and write the schedule: psychologists' weekly hours, exceptions and free slots",
  'insights:read': "read the clinic's anonymous insights",
};

const keyRefused = {
  description: 'The API key lacks the scope this operation needs, or a browser sent it cross-site',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/**
 * An operation of the OpenAPI document as an API key sees it (docs/decisions/0058): on each
 * operation a key may call, the key as an alternative to the session cookie, with the scope it
 * needs in `x-api-key-scope` and the description, and its refusals; any other as it is.
 * server/rest/openapi.ts builds every REST operation through it.
 */
export function withApiKeySecurity(route: Pick<RestRoute, 'procedure'>, operation: JsonSchema): JsonSchema {
  const scope = API_KEY_SCOPE_OF[route.procedure];
  if (!scope) return operation;
  const responses = operation.responses as JsonSchema;
  // A route that refuses some roles already says so; a key without the scope is one more reason.
  const forbidden = responses['403'] as { description?: string } | undefined;
  return {
    ...operation,
    // OpenAPI 3.1 would let the requirement list the scope as a role, but Spectral's recommended
    // rules accept scopes only from OAuth flows; so the scope is an extension, and said in words.
    security: [...(operation.security as object[]), { [API_KEY_SCHEME]: [] }],
    'x-api-key-scope': scope,
    description: `${String(operation.description)} An API key needs the scope \`${scope}\`.`,
    responses: {
      ...responses,
      '403': forbidden?.description ? { ...forbidden, description: `${forbidden.description}; or an API key without the scope \`${scope}\`` } : keyRefused,
      '429': responses['429'] ?? { $ref: '#/components/responses/TooManyRequests' },
    },
  };
}

/** The bearer scheme of the document's `components.securitySchemes`. */
export const API_KEY_SECURITY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description: [
    "A clinic's API key, sent as `Authorization: Bearer <key>`, made by its owner or an admin (POST /api/api-keys).",
    'It works on the operations that list it, with the scope each names:',
    ...API_KEY_SCOPES.map((scope) => `\`${scope}\`: ${SCOPE_DESCRIPTIONS[scope]};`),
    'never on /trpc, beside the session cookie, or in a cross-site browser request.',
    'A revoked, expired or unknown key answers 401; a key without the scope, 403; too many calls of one key, 429.',
  ].join(' '),
} as const;
