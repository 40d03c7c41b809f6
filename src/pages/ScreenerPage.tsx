import { useParams } from 'react-router-dom';
import { useI18nContext } from '../i18n/i18n-react';
import { ScreenerLogo } from '../screener/ScreenerLogo';
import { useScreenerConfiguration } from '../screener/useScreenerConfiguration';

export default function ScreenerPage() {
  const { identifier } = useParams();
  const { LL } = useI18nContext();
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
          <p className="font-semibold">{LL.screener.loadFailed()}</p>
          <p>{LL.screener.loadFailedHint()}</p>
        </div>
      </main>
    );
  }
  const { configuration } = state;
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col items-center gap-4 p-4 text-center">
      <ScreenerLogo logoUrl={configuration.logoUrl} alt={configuration.companyName ?? configuration.appTitle} />
      <h1 className="text-3xl font-bold">{configuration.appTitle}</h1>
      <p className="text-base-content/80">{configuration.appDescription}</p>
      <span className="badge badge-success badge-outline">{LL.screener.anonymous()}</span>
      <h2 className="text-xl font-semibold">{LL.screener.beforeWeBegin()}</h2>
    </main>
  );
}
