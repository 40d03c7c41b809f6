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

const keyRefused = {
  description: 'The API key lacks the scope this operation needs, or a browser sent it cross-site',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/**
 * The API keys' part of the OpenAPI document (docs/decisions/0058): the bearer scheme, and on
 * each operation a key may call, the key as an alternative to the session cookie, with the scope
 * it needs in `x-api-key-scope` and the description. The document is changed in place and returned.
 */
export function addApiKeySecurity<Document extends JsonSchema>(document: Document): Document {
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  for (const route of REST_ROUTES) {
    const scope = API_KEY_SCOPE_OF[route.procedure];
    if (!scope) continue;
    const operation = paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
    // OpenAPI 3.1 would let the requirement list the scope as a role, but Spectral's recommended
    // rules accept scopes only from OAuth flows; so the scope is an extension, and said in words.
    operation.security = [...(operation.security as object[]), { [API_KEY_SCHEME]: [] }];
    operation['x-api-key-scope'] = scope;
    operation.description = `${String(operation.description)} An API key needs the scope \`${scope}\`.`;
    const responses = operation.responses as JsonSchema;
    // A route that refuses some roles already says so; a key without the scope is one more reason.
    const forbidden = responses['403'] as { description?: string } | undefined;
    responses['403'] = forbidden?.description
      ? { ...forbidden, description: `${forbidden.description}; or an API key without the scope \`${scope}\`` }
      : keyRefused;
    responses['429'] ??= { $ref: '#/components/responses/TooManyRequests' };
  }
  const components = document.components as { securitySchemes: JsonSchema };
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
  return document;
}
