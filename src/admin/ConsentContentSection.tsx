import { CONFIGURATION_TEXT_LIMITS } from '../../domain/configuration';
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
      {SECTIONS.map((field) => (
        <TextAreaField
          key={field}
          label={labels[field]}
          value={draft[field]}
          onChange={(value) => update(field, value)}
          hint={field === 'importantSectionContent' ? undefined : t.bulletHint()}
          error={errors[field]}
          rows={4}
          maxLength={CONFIGURATION_TEXT_LIMITS.sectionContent}
        />
      ))}
    </AdminSection>
  );
}
