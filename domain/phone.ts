import { type MetadataJson, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/core';
import MALAYSIA from './phone-metadata.my.json';

/**
 * Phone rules, by libphonenumber-js (Google's libphonenumber metadata, the "max" set that knows
 * which numbers are mobile, cut to Malaysia: domain/phone-metadata.ts): a number typed the way
 * visitors see it printed ('012-345 6789', '(03) 7627 2929', '+60 12-345 6789') is read as
 * Malaysian; one with another country code is no Malaysian number.
 */
function parseMalaysianPhone(input: string): PhoneNumber | undefined {
  const phone = parsePhoneNumberFromString(input, 'MY', MALAYSIA as MetadataJson);
  return phone?.isValid() && phone.country === 'MY' ? phone : undefined;
}

export function isValidMalaysianPhone(input: string): boolean {
  return parseMalaysianPhone(input) !== undefined;
}

/** A Malaysian number WhatsApp can reach: a mobile one (011-…, 012-…), never a landline. */
export function isMalaysianMobilePhone(input: string): boolean {
  const type = parseMalaysianPhone(input)?.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/** What is wrong with a booking's number, if anything: WhatsApp messages need a mobile one. */
export function phoneProblem(input: string, { whatsApp }: { whatsApp: boolean }): 'phone' | 'mobilePhone' | undefined {
  if (!isValidMalaysianPhone(input)) return 'phone';
  if (whatsApp && !isMalaysianMobilePhone(input)) return 'mobilePhone';
  return undefined;
}

/** E.164 (+60…), as the booking stores it and WhatsApp addresses it. Meant for numbers that passed `isValidMalaysianPhone`. */
export function normaliseMalaysianPhone(input: string): string {
  return parseMalaysianPhone(input)?.number ?? input;
}
