import { z } from 'zod';
import { isWebUrl, MAX_WEB_URL_LENGTH } from '../domain/web-url';
import { fieldMessage } from './field-messages';

// Field types that several forms share, with the messages a person reads under a field (in the
// caller's language: fieldMessage).

const atMost = (max: number) => fieldMessage('atMostCharacters', { max });

/** The message of a choice among a few values. */
export const oneOf = (values: readonly string[]) => fieldMessage('oneOf', { values: values.join(', ') });

/** Whether a text may hold line breaks and tabs (a description) or not (a name). */
export type TextLines = 'one line' | 'several lines';

// C0 and C1 controls, which no one types, and the bidi controls (U+202A-202E, U+2066-2069,
// LRM/RLM) that make a text display in another order than it is stored, e.g. a file name or
// link that reads differently in a mail than it is. Tab and line feed are text in a description.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS_BUT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS_AND_TABS = /\r\n|[\r\n\t]/g;

/**
 * Drops control characters. A CRLF or a lone CR becomes a line feed where lines are allowed;
 * on one line every break or tab becomes a space, so the words on either side stay apart.
 */
function withoutControlCharacters(value: string, lines: TextLines): string {
  const breaksKept = lines === 'several lines' ? value.replace(/\r\n?/g, '\n') : value.replace(LINE_BREAKS_AND_TABS, ' ');
  return breaksKept.replace(CONTROLS_BUT_TAB_AND_LINE_FEED, '');
}

/** Every free text a person types: control characters dropped, then trimmed. */
export function text(lines: TextLines = 'one line', missing?: string) {
  return z
    .string(missing === undefined ? undefined : { error: missing })
    .overwrite((value) => withoutControlCharacters(value, lines))
    .trim();
}

/** A trimmed e-mail address, at most 254 characters (RFC 5321's limit). */
export function emailAddress(invalid = fieldMessage('email')) {
  return z
    .string({ error: invalid })
    .trim()
    .max(254, atMost(254))
    .pipe(z.email({ error: invalid }));
}

/** Trimmed; blank or missing is refused. */
export function requiredText(max: number, lines?: TextLines) {
  const required = fieldMessage('required');
  return text(lines, required).min(1, required).max(max, atMost(max));
}

/** May be empty. */
export function optionalText(max: number, lines?: TextLines) {
  return text(lines).max(max, atMost(max));
}

/** null, a missing field and '' all mean "none" (forms send '' or null when empty). */
export function nullableText(max: number, lines?: TextLines) {
  return optionalText(max, lines)
    .nullish()
    .transform((value) => value || null);
}

/** An http(s) address or a path on this site; null, a missing field or '' mean "none". */
export const ZWebUrlOrNull = z
  .string()
  .trim()
  .max(MAX_WEB_URL_LENGTH, atMost(MAX_WEB_URL_LENGTH))
  .refine((value) => value === '' || isWebUrl(value), fieldMessage('webUrl'))
  .nullish()
  .transform((value) => value || null);

/**
 * A yes/no the operator confirms with. REST sends DELETE input in the query string, where it
 * arrives as the text 'true'; tRPC and JSON bodies send a boolean. Missing means no.
 */
export const ZConfirmationFlag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .default(false);

/** A calendar date, YYYY-MM-DD, as a date input gives it. */
export const ZCalendarDate = z.iso.date({ error: fieldMessage('date') });

/** An instant as ISO 8601 text with its offset; compare with Date.parse. */
export const ZInstant = z.iso.datetime({ offset: true, error: fieldMessage('dateTime') });

/** A row's id; the message names what it identifies, in the caller's language. */
export const entityId = (what: 'psychologist' | 'slot' | 'appointment' | 'configuration' | 'webhook' | 'webhookDelivery' | 'clinic' | 'member' | 'invitation' | 'apiKey' | 'measureAlert') =>
  z.uuid({ error: fieldMessage(`${what}Id`) });

/** For `.refine(…, { when })`: cross-field rules speak only once each field is valid on its own. */
export const fieldsAreValid = (payload: z.core.ParsePayload) => payload.issues.length === 0;

/** The answer of an operation that has nothing else to say. */
export const ZOk = z.object({ ok: z.literal(true) });
