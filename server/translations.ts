import type { Locales, TranslationFunctions } from '../i18n/i18n-types';
import { i18nObject } from '../i18n/i18n-util';
import { loadAllLocales } from '../i18n/i18n-util.sync';

// Requests and e-mails name their language, so the server holds every dictionary, loaded once,
// with all its namespaces: the browser fetches only those its pages ask for, never the e-mails'
// or the built-in insights writer's.
loadAllLocales();

export function translationsFor(locale: Locales): TranslationFunctions {
  return i18nObject(locale);
}
