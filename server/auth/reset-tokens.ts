/** The reset mail promises: 'The link will expire in 1 hour.' */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

