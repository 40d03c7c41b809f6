import { type ReactNode, useEffect, useState } from 'react';
import TypesafeI18n, { useI18nContext } from '../i18n/i18n-react';
import type { Locales } from '../i18n/i18n-types';
import { loadLocaleAsync } from '../i18n/i18n-util.async';
import { useRouteLocale } from '../lib/locale';

/** typesafe-i18n reads its locale prop once; later changes go through setLocale. */
function FollowLocale({ locale }: { locale: Locales }) {
  const { locale: current, setLocale } = useI18nContext();
  useEffect(() => {
    if (current !== locale) setLocale(locale);
  }, [current, locale, setLocale]);
  return null;
}

/** Loads the route's dictionary (each locale is its own chunk) before drawing the page. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useRouteLocale();
  const [loaded, setLoaded] = useState<Locales | null>(null);

  useEffect(() => {
    let current = true;
    void loadLocaleAsync(locale).then(() => {
      if (current) setLoaded(locale);
    });
    document.documentElement.lang = locale;
    return () => {
      current = false;
    };
  }, [locale]);

  if (loaded === null) return null;
  // While a new locale loads, the previous one keeps the page readable.
  return (
    <TypesafeI18n locale={loaded}>
      <FollowLocale locale={loaded} />
      {children}
    </TypesafeI18n>
  );
}
