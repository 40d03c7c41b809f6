import { useI18nContext } from '../../i18n/i18n-react';

/** A part of a screen whose code is still arriving (a lazy chunk's Suspense fallback): a spinner, read out as loading. */
export function SectionLoading() {
  const { LL } = useI18nContext();
  return (
    <p role="status">
      <span className="loading loading-spinner" aria-hidden="true" />
      <span className="sr-only">{LL.admin.loading()}</span>
    </p>
  );
}
