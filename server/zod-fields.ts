import { z } from 'zod';
import { isWebUrl, MAX_WEB_URL_LENGTH } from '../domain/web-url';
import { fieldMessage } from './field-messages';

// Field types that several forms share, with the messages a person reads under a field (in the
// caller's language: fieldMessage).

const atMost = (max: number) => fieldMessage('atMostCharacters', { max });

/** The message of a choice among a few values. */
export const oneOf = (values: readonly string[]) => fieldMessage('oneOf', { values: values.join(', ') });

/** A trimmed e-mail address, at most 254 characters (RFC 5321's limit). */
export function emailAddress(invalid = fieldMessage('email')) {
  return z
    .string({ error: invalid })
    .trim()
    .max(254, atMost(254))
    .pipe(z.email({ error: invalid }));
}

/** Trimmed; blank or missing is refused. */
export function requiredText(max: number) {
  const required = fieldMessage('required');
  return z.string({ error: required }).trim().min(1, required).max(max, atMost(max));
}

/** Trimmed; may be empty. */
export function optionalText(max: number) {
  return z.string().trim().max(max, atMost(max));
}

/** Trimmed; null, a missing field and '' all mean "none" (forms send '' or null when empty). */
export function nullableText(max: number) {
  return optionalText(max)
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

/** An instant as ISO 8601 text with its offset; compare with Date.parse. */
export const ZInstant = z.iso.datetime({ offset: true, error: fieldMessage('dateTime') });

export const entityId = (what: string) => z.uuid({ error: fieldMessage('entityId', { what }) });
