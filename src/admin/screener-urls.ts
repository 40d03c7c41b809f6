import { DEFAULT_CONFIGURATION_ID, type ScreenerConfiguration } from '../../domain/configuration';

/** One thing in English and, only when Malay translation is enabled, in Malay. */
export interface InEachLanguage {
  english: string;
  malay: string | null;
}

export interface ScreenerUrls extends InEachLanguage {
  /** The /embed.js tags a clinic pastes into its site: the frame in the page, or the pop-up button. */
  embed: { inline: InEachLanguage; popup: InEachLanguage };
}

/**
 * The screener URLs: /screener/{companySlug or id} and /ms/screener/…, absolute from the page's
 * origin, and the matching embed tags. The id is the configuration's (decision 0003). Null while
 * the operator has no saved configuration: its placeholder id 'default' would point at the sample screener.
 */
export function screenerUrlsOf(
  configuration: Pick<ScreenerConfiguration, 'id' | 'companySlug' | 'enableMalayTranslation'>,
  origin: string,
): ScreenerUrls | null {
  if (configuration.id === DEFAULT_CONFIGURATION_ID) return null;
  const identifier = configuration.companySlug ?? configuration.id;
  const inEachLanguage = (english: string, malay: string): InEachLanguage => ({
    english,
    malay: configuration.enableMalayTranslation ? malay : null,
  });
  // Slugs and ids are letters, digits and hyphens: nothing to escape in an attribute.
  const tag = (attributes: string) => `<script src="${origin}/embed.js" data-screener="${identifier}"${attributes} async></script>`;
  const path = encodeURIComponent(identifier);
  return {
    ...inEachLanguage(`${origin}/screener/${path}`, `${origin}/ms/screener/${path}`),
    embed: {
      inline: inEachLanguage(tag(''), tag(' data-lang="ms"')),
      popup: inEachLanguage(tag(' data-mode="popup"'), tag(' data-lang="ms" data-mode="popup"')),
    },
  };
}
