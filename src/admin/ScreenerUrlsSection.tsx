import { useI18nContext } from '../../i18n/i18n-react';
import type { InEachLanguage, ScreenerUrls } from './screener-urls';
import { AdminSection } from './AdminSection';
import { CopyableUrl } from './CopyableUrl';

/** Each language's text with its Copy button, the Malay one only when enabled. */
function InEachLanguageCopyable({ texts, labelOf, copyLabelOf, copied }: {
  texts: InEachLanguage;
  labelOf: (language: string) => string;
  copyLabelOf: (label: string) => string;
  copied: string;
}) {
  const { LL } = useI18nContext();
  const copyable = (language: string, text: string) => {
    const label = labelOf(language);
    return <CopyableUrl label={label} url={text} copyLabel={copyLabelOf(label)} copied={copied} />;
  };
  return (
    <>
      {copyable(LL.admin.urls.english(), texts.english)}
      {texts.malay && copyable(LL.admin.urls.malay(), texts.malay)}
    </>
  );
}

/** The English URL, the Malay one when enabled, each with Copy; then the tags that embed the screener. */
export function ScreenerUrlsSection({ urls }: { urls: ScreenerUrls | null }) {
  const { LL } = useI18nContext();
  const t = LL.admin.urls;
  const copyTag = (label: string) => t.tagCopyLabel({ tag: label });
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      {urls ? (
        <>
          <InEachLanguageCopyable texts={urls} labelOf={(language) => language} copyLabelOf={(language) => t.copyLabel({ language })} copied={t.copied()} />
          <h3 className="text-lg font-semibold">{t.embedTitle()}</h3>
          <p className="text-sm text-base-content/80">{t.embedIntro()}</p>
          <InEachLanguageCopyable texts={urls.embed.inline} labelOf={(language) => t.inlineTag({ language })} copyLabelOf={copyTag} copied={t.tagCopied()} />
          <InEachLanguageCopyable texts={urls.embed.popup} labelOf={(language) => t.popupTag({ language })} copyLabelOf={copyTag} copied={t.tagCopied()} />
        </>
      ) : (
        <p>{t.notSavedYet()}</p>
      )}
      <p className="text-sm text-base-content/80">{t.idHint()}</p>
    </AdminSection>
  );
}
