import type { TranslationFunctions } from '../i18n/i18n-types';

type FieldTranslations = TranslationFunctions['errors']['fields'];
export type FieldMessageKey = keyof FieldTranslations;
type ParamsOf<Key extends FieldMessageKey> = Parameters<FieldTranslations[Key]>[0];

// zod keeps an issue's message as text and nothing else, so a schema names the dictionary entry
// and its values in that text, and the edge translates it with the caller's language.
const MARK = 'i18n:';

/**
 * The message of a zod check, shown under its field in the caller's language:
 * `.max(200, fieldMessage('atMostCharacters', { max: 200 }))`.
 */
export function fieldMessage<Key extends FieldMessageKey>(
  key: Key,
  ...params: ParamsOf<Key> extends undefined ? [] : [ParamsOf<Key>]
): string {
  return `${MARK}${JSON.stringify([key, ...params])}`;
}

/** The message in the dictionary's language; text that names no entry (zod's own) stays as it is. */
export function localiseFieldMessage(message: string, t: TranslationFunctions): string {
  if (!message.startsWith(MARK)) return message;
  const [key, params] = JSON.parse(message.slice(MARK.length)) as [FieldMessageKey, Record<string, never>?];
  const translate = t.errors.fields[key] as ((params?: Record<string, never>) => string) | undefined;
  return translate ? translate(params) : message;
}
