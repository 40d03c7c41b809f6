/** SPEC section 5: 'Password must be at least 6 characters', checked by the form and the server. */
export const MIN_PASSWORD_LENGTH = 6;
