import type { IncomingHttpHeaders } from 'node:http';
import type { Locales } from '../i18n/i18n-types';

/** The header the web client sends with every call: the language its visitor reads. */
const LOCALE_HEADER = 'x-minda-locale';

const isLocale = (value: unknown): value is Locales => value === 'en' || value === 'ms';

/**
 * The language a refusal is written in: the client's own header, else the first of
 * Accept-Language's languages we speak (ms, ms-MY → Malay), else English.
 */
export function requestLocale(headers: IncomingHttpHeaders): Locales {
  const named = headers[LOCALE_HEADER];
  if (isLocale(named)) return named;
  const accepted = (headers['accept-language'] ?? '')
    .split(',')
    .map((entry) => {
      const [tag = '', ...params] = entry.trim().toLowerCase().split(';');
      const quality = params.find((param) => param.trim().startsWith('q='));
      return { language: tag.split('-')[0], quality: quality ? Number(quality.trim().slice(2)) : 1 };
    })
    .filter(({ language, quality }) => isLocale(language) && quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return (accepted[0]?.language as Locales | undefined) ?? 'en';
}

/** An input's own language (the booking's `clientLanguage`) wins over the request's. */
export function inputLocale(rawInput: unknown): Locales | undefined {
  const language = (rawInput as { clientLanguage?: unknown } | null | undefined)?.clientLanguage;
  return isLocale(language) ? language : undefined;
}
