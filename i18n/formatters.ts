import type { FormattersInitializer } from 'typesafe-i18n';
import type { Locales, Formatters } from './i18n-types';

// No custom formatters yet: dates and prices are formatted by the domain helpers so the
// server (e-mails) and the client agree.
export const initFormatters: FormattersInitializer<Locales, Formatters> = () => ({});
