/**
 * Removes what could identify a visitor from a free-text follow-up answer before it leaves the
 * server: e-mail addresses, MyKad numbers, phone numbers and names. Names are found only where
 * the text introduces them (best effort); over-scrubbing a harmless word is the safer mistake.
 * Placeholders stay readable so the model still sees that something was said.
 */

export const PLACEHOLDERS = {
  email: '[email]',
  myKad: '[IC number]',
  phone: '[phone]',
  name: '[name]',
} as const;

/** An e-mail address as written; also what logs must not hold (server/loggable-error.ts). */
export const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

// MyKad: YYMMDD-PB-###G, with dashes, spaces or neither. Before phones, which would also match it.
const MY_KAD = /(?<![\d+])\d{6}[-\s]?\d{2}[-\s]?\d{4}(?!\d)/g;

// Malaysian (012-345 6789, 03-7627 2929, +60 12 345 6789) and international (+44 20 7946 0958,
// (415) 555-2671) numbers: 8 to 15 digits with the separators people type between them.
const PHONE = /(?<![\p{L}\p{N}])\+?\(?\d(?:[\s.()-]{0,2}\d){7,14}(?!\p{N})/gu;

/** A capitalised word of a name, Latin or not ("Siti", "O'Brien", "Nur-Aisyah"). */
const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*`;
/** Up to three more name words, with the Malay and Indian connectors (bin, binti, a/l, a/p). */
const MORE_NAME_WORDS = String.raw`(?:\s+(?:(?:bin|binti|bt|a\/l|a\/p|s\/o|d\/o)\s+)?${NAME_WORD}){0,3}`;
const FULL_NAME = NAME_WORD + MORE_NAME_WORDS;

const caseless = (words: string) => words.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
/** Matches the first group (an introducing phrase, kept) followed by a name (replaced). */
const introducedName = (phrases: string[], name: string) =>
  new RegExp(String.raw`(?<!\p{L})((?:${phrases.map(caseless).join('|')})\s+)${name}`, 'gu');

// "Dr Tan", "dr. Lim Wei Ming", "Puan Siti binti Ahmad": a title, then a capitalised name.
const HONORIFIC = introducedName(
  ['dr\\.?', 'doktor', 'encik', 'en\\.?', 'puan', 'pn\\.?', 'cik', 'tuan', 'mr\\.?', 'mrs\\.?', 'ms\\.?', 'miss', 'madam',
    'datuk', "dato'?", 'datin', 'tan sri', 'ustaz', 'ustazah', 'prof\\.?'],
  FULL_NAME,
);

// "my name is X", "nama saya X": the next word is a name even when written in lower case.
const NAME_INTRODUCTION = introducedName(
  ['my name is', "my name's", "name's", 'call me', "i'm called", 'nama (?:saya|aku|sy)(?: ialah| adalah)?'],
  String.raw`[\p{L}'’-]+` + MORE_NAME_WORDS,
);

// "saya Ahmad", "aku Mei Ling": a capitalised word right after "I" in Malay is taken as a name.
const MALAY_SELF_NAMING = introducedName(['saya', 'aku'], FULL_NAME);

export function scrubPersonalDetails(text: string): string {
  return text
    .replace(EMAIL_ADDRESS, PLACEHOLDERS.email)
    .replace(MY_KAD, PLACEHOLDERS.myKad)
    .replace(PHONE, PLACEHOLDERS.phone)
    .replace(NAME_INTRODUCTION, `$1${PLACEHOLDERS.name}`)
    .replace(HONORIFIC, `$1${PLACEHOLDERS.name}`)
    .replace(MALAY_SELF_NAMING, `$1${PLACEHOLDERS.name}`)
    .replace(/\s+/g, ' ')
    .trim();
}
