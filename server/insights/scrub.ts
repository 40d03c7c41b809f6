import { NOT_NAMES } from './not-names';

/**
 * Removes what could identify a visitor from a free-text follow-up answer before it leaves the
 * server: e-mail addresses (also written out as "at … dot"), social handles, MyKad and passport
 * numbers, phone numbers, street addresses with their postcodes, and names. Names are found by
 * their connectors (bin, binti, a/l, a/p), after a title or an introduction, and as capitalised
 * words where a sentence does not start; words in `not-names.ts` (feelings, days, places of
 * worship…) are never taken for one. Over-scrubbing a harmless word is the safer mistake.
 * Placeholders stay readable so the model still sees that something was said.
 */

const PLACEHOLDERS = {
  email: '[email]',
  handle: '[handle]',
  myKad: '[IC number]',
  passport: '[passport number]',
  phone: '[phone]',
  address: '[address]',
  name: '[name]',
} as const;

/** An e-mail address as written; also what logs must not hold (server/loggable-error.ts). */
export const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

/** A pattern that matches its letters in either case; escapes such as \s stay as they are. */
const caseless = (pattern: string) =>
  pattern.replace(/\\.|[a-z]/g, (c) => (c.length > 1 ? c : `[${c}${c.toUpperCase()}]`));

// "siti[at]gmail[dot]com", "siti at gmail dot com", "tan at hotmail.com": a written-out "at"
// must end in a domain (a lower-case ending such as .com, or a written-out dot), so an ordinary
// "at" ("I wake at five") is not taken for an address.
const AT = caseless(String.raw`(?:\s*[[({]\s*(?:at|@)\s*[\])}]\s*|\s+(?:at|di)\s+|\s*@\s*)`);
const DOT = caseless(String.raw`(?:\s*[[({]\s*(?:dot|titik)\s*[\])}]\s*|\s+(?:dot|titik|\.)\s+)`);
const OBFUSCATED_EMAIL = new RegExp(
  String.raw`[\p{L}\p{N}._%+-]+(?:${DOT}[\p{L}\p{N}_%+-]+)*${AT}[\p{L}\p{N}-]+(?:(?:${DOT}|\.)[\p{L}\p{N}-]+)*(?:${DOT}\p{L}{2,}|\.[a-z]{2,6}(?![\p{L}\p{N}]))`,
  'gu',
);

// "@siti_aminah", "IG @mei.ling": after e-mail addresses, whose @ is not a handle's.
const HANDLE = /(?<![\p{L}\p{N}._@])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?/gu;

// MyKad: YYMMDD-PB-###G, with dashes, spaces or neither. Before phones, which would also match it.
const MY_KAD = /(?<![\d+])\d{6}[-\s]?\d{2}[-\s]?\d{4}(?!\d)/g;

// Malaysian passports are a letter and 8 digits (A12345678); others 1-2 letters and 6-9 digits.
const PASSPORT = /(?<![\p{L}\p{N}])\p{L}{1,2}\d{6,9}(?!\p{N})/gu;

// Malaysian (012-345 6789, 03-7627 2929, +60 12 345 6789) and international (+44 20 7946 0958,
// (415) 555-2671) numbers: 8 to 15 digits with the separators people type between them.
const PHONE = /(?<![\p{L}\p{N}])\+?\(?\d(?:[\s.()-]{0,2}\d){7,14}(?!\p{N})/gu;

/** A capitalised word of a name, Latin or not ("Siti", "O'Brien", "Nur-Aisyah"). */
const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*`;
/** The Malay and Indian connectors: bin, binti, bt, a/l, a/p, s/o, d/o. */
const CONNECTOR = String.raw`(?:bin|binti|bte|bt|a\/l|a\/p|s\/o|d\/o)`;
/** Up to three more name words, with a connector between any two. */
const MORE_NAME_WORDS = String.raw`(?:\s+(?:${CONNECTOR}\s+)?${NAME_WORD}){0,3}`;
const FULL_NAME = NAME_WORD + MORE_NAME_WORDS;

// "No. 12, Jalan SS2/24, Taman Megah, 47301 Petaling Jaya": a street word followed by a
// capitalised word or a number, and what follows of the address up to its postcode and town.
const STREET_WORD = caseless(
  String.raw`(?:jalan|jln\.?|lorong|lrg\.?|persiaran|lebuh|lebuhraya|taman|tmn\.?|kampung|kg\.?|bandar|desa|blok|block|pangsapuri|apartment|kondominium|condo|flat)`,
);
const HOUSE_NUMBER = String.raw`(?:${caseless('(?:no\\.?|lot|unit)')}\s*)?\d+[\p{L}]?(?:[-/]\d+[\p{L}]?)*,?\s+`;
const PLACE_WORD = String.raw`(?:\p{Lu}[\p{L}'’-]*|\d+[\p{L}\d/-]*)`;
const PLACE = String.raw`${PLACE_WORD}(?:\s+${PLACE_WORD}){0,3}`;
const POSTCODE_AND_TOWN = String.raw`(?:,?\s*\d{5}(?:\s+${PLACE})?)?(?:,\s*${PLACE})*`;
const MALAY_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${HOUSE_NUMBER})?${STREET_WORD}\s+${PLACE}(?:,?\s*(?:${STREET_WORD}\s+)?${PLACE})*?${POSTCODE_AND_TOWN}`,
  'gu',
);
// "221B Baker Street", "12 Jalan… " is Malay; English streets end with their kind.
const STREET_KIND = String.raw`(?:Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|Lane|Ln\.?|Drive|Boulevard|Blvd\.?|Way|Close|Crescent|Court|Place|Terrace)`;
const ENGLISH_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\d+[\p{L}]?,?\s+(?:${NAME_WORD}\s+){1,3}${STREET_KIND}(?![\p{L}])${POSTCODE_AND_TOWN}`,
  'gu',
);
// A postcode on its own: "poskod 47400", or five digits and a capitalised town ("50450 Kuala Lumpur").
const POSTCODE = new RegExp(
  String.raw`(?:(?<=${caseless('(?:postcode|poskod|zip)(?:\\s+(?:saya|my|is|ialah))*')}:?\s*)\d{5}(?!\p{N})|(?<![\p{L}\p{N}])\d{5}\s+${NAME_WORD}(?:\s+${NAME_WORD})?)`,
  'gu',
);

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

// "saya Ahmad", "I'm Siti Aminah", "this is Mei Ling": a capitalised word there is a name.
const SELF_NAMING = introducedName(['saya', 'aku', "i['’]?m", 'i am', 'this is', 'ini'], FULL_NAME);

// "Ahmad bin Ismail", "Muthu a/l Rajan": a connector between capitalised words names someone.
const CONNECTED_NAME = new RegExp(String.raw`(?<![\p{L}])${NAME_WORD}(?:\s+${NAME_WORD}){0,2}\s+${CONNECTOR}\s+${NAME_WORD}(?:\s+${NAME_WORD}){0,2}`, 'gu');

// A capitalised word (or several) that does not start a sentence: in answers about one's
// feelings that is mostly a person or a place. Acronyms (OCD, SPM) are left.
const CAPITALISED_WORDS = new RegExp(
  String.raw`(?<=[\p{Ll}\p{N},;:)’'"-]\s+)\p{Lu}\p{Ll}[\p{L}'’-]*(?:\s+\p{Lu}\p{Ll}[\p{L}'’-]*){0,3}`,
  'gu',
);
// Two or more capitalised words together, at the start of a sentence too ("Siti Aminah said").
const CAPITALISED_RUN = /(?<![\p{L}])\p{Lu}\p{Ll}[\p{L}'’-]*(?:\s+\p{Lu}\p{Ll}[\p{L}'’-]*){1,3}/gu;

/** "Fridays", "Mum's" and "Anxious," are their word. */
const isNotName = (word: string) => {
  const bare = word.toLowerCase().replace(/['’].*$/, '');
  return NOT_NAMES.has(bare) || (bare.endsWith('s') && NOT_NAMES.has(bare.slice(0, -1)));
};

/** Replaces the words of a capitalised run that can be a name, keeping leading non-names ("My", "Last"). */
function replaceNameWords(run: string, minimumWords: number): string {
  const words = run.split(/(\s+)/);
  const firstName = words.findIndex((word, index) => index % 2 === 0 && !isNotName(word));
  if (firstName < 0) return run;
  const nameWords = words.slice(firstName).filter((_, index) => index % 2 === 0);
  // Mostly names ("Chong Mei Fong", where Mei is also a month) or mostly not ("Cannot Sleep").
  const notNames = nameWords.filter(isNotName).length;
  if (nameWords.length < minimumWords || notNames * 2 >= nameWords.length) return run;
  return `${words.slice(0, firstName).join('')}${PLACEHOLDERS.name}`;
}

/** A name the rules above found, unless all its words are ones that are never names ("I'm Malay"). */
const nameUnlessNotName = (match: string, intro: string, name: string) =>
  name.split(/\s+/).every(isNotName) ? match : `${intro}${PLACEHOLDERS.name}`;

export function scrubPersonalDetails(text: string): string {
  return text
    .replace(EMAIL_ADDRESS, PLACEHOLDERS.email)
    .replace(OBFUSCATED_EMAIL, PLACEHOLDERS.email)
    .replace(HANDLE, PLACEHOLDERS.handle)
    .replace(MY_KAD, PLACEHOLDERS.myKad)
    .replace(PASSPORT, PLACEHOLDERS.passport)
    .replace(MALAY_ADDRESS, PLACEHOLDERS.address)
    .replace(ENGLISH_ADDRESS, PLACEHOLDERS.address)
    .replace(POSTCODE, PLACEHOLDERS.address)
    .replace(PHONE, PLACEHOLDERS.phone)
    .replace(NAME_INTRODUCTION, `$1${PLACEHOLDERS.name}`)
    .replace(HONORIFIC, `$1${PLACEHOLDERS.name}`)
    .replace(CONNECTED_NAME, PLACEHOLDERS.name)
    .replace(SELF_NAMING, (match, intro: string) => nameUnlessNotName(match, intro, match.slice(intro.length)))
    .replace(CAPITALISED_RUN, (run) => replaceNameWords(run, 2))
    .replace(CAPITALISED_WORDS, (run) => replaceNameWords(run, 1))
    .replace(/\s+/g, ' ')
    .trim();
}
