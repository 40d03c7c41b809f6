import { useI18nContext } from '../../i18n/i18n-react';

/**
 * The page's footer. On a clinic's screener the clinic owns the copyright line and Minda is a
 * small "Powered by" (white label), which a paid clinic may hide; Minda's own pages, and the sample screener, are Minda's.
 */
export function SiteFooter({ clinic = null, hidePoweredBy = false }: { clinic?: string | null; hidePoweredBy?: boolean }) {
  const { LL } = useI18nContext();
  return (
    <footer className="flex flex-col items-center gap-1 bg-base-200 p-6 text-center text-sm text-base-content/80 print:hidden">
      <p>{LL.common.copyright({ year: new Date().getFullYear(), owner: clinic ?? LL.appName() })}</p>
      <p>{LL.common.footerNotice()}</p>
      {clinic && !hidePoweredBy && <p className="text-xs">{LL.common.poweredBy()}</p>}
    </footer>
  );
}
