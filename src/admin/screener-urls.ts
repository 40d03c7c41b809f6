import { DEFAULT_CONFIGURATION_ID, type ScreenerConfiguration } from '../../domain/configuration';

export interface ScreenerUrls {
  english: string;
  /** Only when Malay translation is enabled. */
  malay: string | null;
}

/**
 * The screener URLs: /screener/{companySlug or id} and /ms/screener/…, absolute from the page's
 * origin. The id is the configuration's (decision 0003). Null while the operator has no saved
 * configuration: its placeholder id 'default' would point at the sample screener.
 */
export function screenerUrlsOf(
  configuration: Pick<ScreenerConfiguration, 'id' | 'companySlug' | 'enableMalayTranslation'>,
  origin: string,
): ScreenerUrls | null {
  if (configuration.id === DEFAULT_CONFIGURATION_ID) return null;
  const identifier = encodeURIComponent(configuration.companySlug ?? configuration.id);
  return {
    english: `${origin}/screener/${identifier}`,
    malay: configuration.enableMalayTranslation ? `${origin}/ms/screener/${identifier}` : null,
  };
}
