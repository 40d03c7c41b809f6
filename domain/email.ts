/**
 * The forms' e-mail check ('Please enter a valid email address'). Deliberately
 * loose, like the browser's type=email: the server's zod check is the authority.
 */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim());
}
