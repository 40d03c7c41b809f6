/** SPEC section 9: 'The link will expire in 1 hour.' */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

export const INVALID_RESET_LINK = 'The reset link may be invalid or expired. Please request a new one.';
