/**
 * What an API key may do (issue 27, docs/decisions/0058). A key acts for its clinic on the REST
 * API only, within its scopes; never on a visitor's shared results, which stay with a signed-in
 * person whose every view is audited.
 */
export const API_KEY_SCOPES = ['appointments:read', 'appointments:write', 'schedule', 'insights:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A key's visible start: it tells keys apart without giving the secret away. */
export const API_KEY_PREFIX = 'mk_';
/** Characters of the key shown in the admin after its creation. */
export const API_KEY_SHOWN_CHARACTERS = 10;
/** Keys a clinic may hold at once, revoked ones not counted. */
export const MAX_API_KEYS = 20;

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}
