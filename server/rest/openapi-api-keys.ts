import { API_KEY_SCOPES, type ApiKeyScope } from '../../domain/api-keys';
import { API_KEY_SCOPE_OF } from './api-key-scopes';
import { REST_ROUTES } from './routes';

type JsonSchema = Record<string, unknown>;

export const API_KEY_SCHEME = 'apiKey';

const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'appointments:read': 'read appointments',
  'appointments:write': 'confirm, decline, cancel, complete, mark missed or as spam, and set video links',
  schedule: "read and write the schedule: psychologists' weekly hours, exceptions and free slots",
  'insights:read': "read the clinic's anonymous insights",
};

/**
 * The API keys' part of the OpenAPI document (docs/decisions/0058): the bearer scheme, and on
 * each operation a key may call, the key as an alternative to the session cookie with the scope
 * it needs (OpenAPI 3.1 lets a non-OAuth requirement list the roles it needs). The document is
 * changed in place and returned.
 */
export function addApiKeySecurity<Document extends JsonSchema>(document: Document): Document {
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  for (const route of REST_ROUTES) {
    const scope = API_KEY_SCOPE_OF[route.procedure];
    if (!scope) continue;
    const operation = paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
    operation.security = [...(operation.security as object[]), { [API_KEY_SCHEME]: [scope] }];
    const responses = operation.responses as JsonSchema;
    responses['403'] ??= { $ref: '#/components/responses/ApiKeyRefused' };
  }
  const components = document.components as { securitySchemes: JsonSchema; responses: JsonSchema };
  components.securitySchemes[API_KEY_SCHEME] = {
    type: 'http',
    scheme: 'bearer',
    description: [
      "A clinic's API key, sent as `Authorization: Bearer <key>`, made by its owner or an admin (POST /api/api-keys).",
      'It works on the operations that list it, with the scope each names:',
      ...API_KEY_SCOPES.map((scope) => `\`${scope}\`: ${SCOPE_DESCRIPTIONS[scope]};`),
      'never on /trpc, beside the session cookie, or in a cross-site browser request.',
      'A revoked, expired or unknown key answers 401; a key without the scope, 403; too many calls of one key, 429.',
    ].join(' '),
  };
  components.responses.ApiKeyRefused = {
    description: 'The API key lacks the scope this operation needs, or a browser sent it cross-site',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
  return document;
}
