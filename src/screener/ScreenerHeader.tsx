import { Link, useLocation } from 'react-router-dom';
import { type PublicScreenerConfiguration, shownLogoUrl } from '../../domain/configuration';
import { useI18nContext } from '../../i18n/i18n-react';
import { ScreenerLogo } from './ScreenerLogo';

/** The same page in the other language: Malay pages live under /ms/. */
function otherLanguagePath(pathname: string, locale: string): string {
  return locale === 'ms' ? pathname.replace(/^\/ms(?=\/)/, '') : `/ms${pathname}`;
}

function LanguageSwitch() {
  const { LL, locale } = useI18nContext();
  const { pathname, hash } = useLocation();
  return (
    <Link
      to={{ pathname: otherLanguagePath(pathname, locale), hash }}
      className="btn btn-ghost btn-sm"
      lang={locale === 'ms' ? 'en' : 'ms'}
      aria-label={LL.screener.switchLanguageLabel()}
    >
      {LL.screener.switchLanguage()}
    </Link>
  );
}

type Brand = Pick<PublicScreenerConfiguration, 'companyName' | 'logoUrl' | 'uploadedLogoUrl' | 'appTitle' | 'enableMalayTranslation'>;

/**
 * The clinic's name and logo (white label), with the language switch, on every step of the
 * screener and on the visitor's appointment page. The logo's text is the name beside it, so the
 * image itself is silent; without a name it is the title.
 */
export function ScreenerHeader({
  configuration,
  languageSwitch = configuration.enableMalayTranslation,
}: {
  configuration: Brand;
  /** The screener offers Malay where the clinic switched it on; the appointment page always does. */
  languageSwitch?: boolean;
}) {
  const name = configuration.companyName;
  return (
    <header className="border-b border-base-300 bg-base-100 print:hidden">
      <div className="mx-auto flex w-full max-w-2xl items-center gap-3 px-4 py-2">
        <ScreenerLogo logoUrl={shownLogoUrl(configuration)} alt={name ? '' : configuration.appTitle} />
        <span className="flex-1 text-lg font-semibold">{name}</span>
        {languageSwitch && <LanguageSwitch />}
      </div>
    </header>
  );
}
