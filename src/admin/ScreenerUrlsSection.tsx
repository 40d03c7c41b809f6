import { useI18nContext } from '../../i18n/i18n-react';
import type { ScreenerUrls } from './screener-urls';
import { AdminSection } from './AdminSection';
import { CopyableUrl } from './CopyableUrl';

function ScreenerUrl({ label, url }: { label: string; url: string }) {
  const { LL } = useI18nContext();
  return <CopyableUrl label={label} url={url} copyLabel={LL.admin.urls.copyLabel({ language: label })} copied={LL.admin.urls.copied()} />;
}

/** The English URL, the Malay one when enabled, each with Copy. */
export function ScreenerUrlsSection({ urls }: { urls: ScreenerUrls | null }) {
  const { LL } = useI18nContext();
  return (
    <AdminSection title={LL.admin.urls.title()} intro={LL.admin.urls.intro()}>
      {urls ? (
        <>
          <ScreenerUrl label={LL.admin.urls.english()} url={urls.english} />
          {urls.malay && <ScreenerUrl label={LL.admin.urls.malay()} url={urls.malay} />}
        </>
      ) : (
        <p>{LL.admin.urls.notSavedYet()}</p>
      )}
      <p className="text-sm text-base-content/80">{LL.admin.urls.idHint()}</p>
    </AdminSection>
  );
}
