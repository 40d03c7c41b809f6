import { Provider } from 'jotai';
import { Navigate, useParams } from 'react-router-dom';
import { type PublicScreenerConfiguration, screenerTextsIn } from '../../domain/configuration';
import { brandColourStyle } from '../lib/brand-colour-style';
import { useI18nContext } from '../../i18n/i18n-react';
import { useRouteLocale } from '../lib/locale';
import { CombinedScreener } from '../screener/CombinedScreener';
import { Dass21Screener } from '../screener/Dass21Screener';
import { ScreenerIdentityContext } from '../components/ScreenerIdentity';
import { screenerStore } from '../lib/screening-store';
import { useScreenerConfiguration } from '../screener/useScreenerConfiguration';
import { SiteFooter } from '../components/SiteFooter';
import { ScreenerHeader } from '../screener/ScreenerHeader';

function Screener({ identifier, configuration }: { identifier: string; configuration: PublicScreenerConfiguration }) {
  return (
    <Provider store={screenerStore(identifier)}>
      <ScreenerIdentityContext.Provider value={{ identifier, configuration }}>
        <div className="flex min-h-screen flex-col bg-base-200" style={brandColourStyle(configuration.primaryColor)}>
          <ScreenerHeader configuration={configuration} />
          <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 p-4 print:max-w-none print:p-0">
            {configuration.testType === 'Combined' ? (
              <CombinedScreener configuration={configuration} />
            ) : (
              <Dass21Screener configuration={configuration} />
            )}
          </main>
          <SiteFooter clinic={configuration.companyName} hidePoweredBy={configuration.hidePoweredBy} />
        </div>
      </ScreenerIdentityContext.Provider>
    </Provider>
  );
}

export default function ScreenerPage() {
  const { identifier = 'default' } = useParams();
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const state = useScreenerConfiguration(identifier);

  if (state.status === 'loading') {
    return (
      <main className="flex min-h-screen items-center justify-center p-4" aria-busy="true">
        <p role="status">{LL.screener.loading()}</p>
      </main>
    );
  }
  if (state.status === 'error') {
    return (
      <main className="flex min-h-screen items-center justify-center p-4">
        <div role="alert" className="alert alert-error max-w-md flex-col items-start">
          {/* The page's title: without the configuration it has no other heading. */}
          <h1 className="font-semibold">{LL.screener.loadFailed()}</h1>
          <p>{LL.screener.loadFailedHint()}</p>
        </div>
      </main>
    );
  }
  // The Malay screener exists only where the operator switched Malay on.
  if (locale === 'ms' && !state.configuration.enableMalayTranslation) {
    return <Navigate to={`/screener/${identifier}`} replace />;
  }
  // The clinic's Malay texts on the Malay screener, its English ones where it left them blank.
  return <Screener identifier={identifier} configuration={screenerTextsIn(state.configuration, locale)} />;
}
