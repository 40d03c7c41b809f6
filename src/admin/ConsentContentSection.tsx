import { CONFIGURATION_TEXT_LIMITS, MALAY_TEXT_FIELDS } from '../../domain/configuration';
import { useI18nContext } from '../../i18n/i18n-react';
import { AdminSection } from './AdminSection';
import type { ConfigurationSectionProps } from './configuration-draft';
import { TextAreaField } from './Field';

const SECTIONS = ['importantSectionContent', 'whatThisDoesContent', 'privacySectionContent'] as const;

/** The three texts of the screener's 'Before We Begin' card; bullet lines are separated by new lines. */
export function ConsentContentSection({ draft, update, errors }: ConfigurationSectionProps) {
  const { LL } = useI18nContext();
  const t = LL.admin.consent;
  const labels = {
    importantSectionContent: t.important(),
    whatThisDoesContent: t.whatThisDoes(),
    privacySectionContent: t.privacy(),
  } satisfies Record<(typeof SECTIONS)[number], string>;
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      {SECTIONS.flatMap((field) => {
        const malay = MALAY_TEXT_FIELDS[field];
        const hint = field === 'importantSectionContent' ? undefined : t.bulletHint();
        return [
          <TextAreaField
            key={field}
            label={labels[field]}
            value={draft[field]}
            onChange={(value) => update(field, value)}
            hint={hint}
            error={errors[field]}
            rows={4}
            maxLength={CONFIGURATION_TEXT_LIMITS.sectionContent}
          />,
          // Beside the English text: blank shows the English one (or its stock translation) on the Malay screener.
          <TextAreaField
            key={malay}
            label={t.inMalay({ section: labels[field] })}
            value={draft[malay]}
            onChange={(value) => update(malay, value)}
            hint={hint}
            error={errors[malay]}
            rows={3}
            maxLength={CONFIGURATION_TEXT_LIMITS.sectionContent}
            lang="ms"
          />,
        ];
      })}
    </AdminSection>
  );
}
