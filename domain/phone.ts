/** Visitors type numbers the way they see them printed: '012-345 6789', '(03) 7627 2929'. */
function stripSeparators(input: string): string {
  return input.replace(/[\s()-]/g, '');
}

// Country code 60 with or without '+' and 8-10 digits, or the trunk prefix 0 and 9-10 digits.
const MALAYSIAN_PHONE = /^(?:\+?60\d{8,10}|0\d{9,10})$/;

export function isValidMalaysianPhone(input: string): boolean {
  return MALAYSIAN_PHONE.test(stripSeparators(input));
}

/** International form for the booking (+60…). Meant for numbers that passed `isValidMalaysianPhone`. */
export function normaliseMalaysianPhone(input: string): string {
  const phone = stripSeparators(input);
  if (phone.startsWith('0')) return `+60${phone.slice(1)}`;
  if (phone.startsWith('60')) return `+${phone}`;
  return phone;
}
