import { useI18nContext } from '../../i18n/i18n-react';

export function SiteFooter() {
  const { LL } = useI18nContext();
  return (
    <footer className="footer footer-center gap-1 bg-base-200 p-6 text-sm text-base-content/80 print:hidden">
      <p>{LL.common.copyright({ year: new Date().getFullYear() })}</p>
      <p>{LL.common.footerNotice()}</p>
    </footer>
  );
}
