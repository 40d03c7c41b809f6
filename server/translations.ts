import type { Locales, TranslationFunctions } from '../i18n/i18n-types';
import { i18nObject, locales } from '../i18n/i18n-util';
import { loadAllLocales } from '../i18n/i18n-util.sync';

// Requests and e-mails name their language, so the server holds every dictionary, loaded once,
// with all its namespaces: the browser fetches only those its pages ask for, never the e-mails'
// or the built-in insights writer's.
loadAllLocales();

// One translator per locale, built once: each holds its Intl.PluralRules and the texts it has
// parsed, which one built per call made again for every mail and answer (a third of a reminder
// mail's rendering, issue 31). It holds no answer, only the dictionaries' parsed form.
const translators = new Map(locales.map((locale) => [locale, i18nObject(locale)]));

export function translationsFor(locale: Locales): TranslationFunctions {
  return translators.get(locale)!;
}
