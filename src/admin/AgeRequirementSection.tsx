import { MINIMUM_AGE_RANGE } from '../../domain/configuration';
import { useI18nContext } from '../../i18n/i18n-react';
import { AdminSection } from './AdminSection';
import type { ConfigurationSectionProps } from './configuration-draft';
import { NumberField } from './Field';

/** A number from 10 to 21; visitors under it see a warning. */
export function AgeRequirementSection({ draft, update, errors }: ConfigurationSectionProps) {
  const { LL } = useI18nContext();
  const t = LL.admin.age;
  return (
    <AdminSection title={t.title()}>
      <NumberField
        label={t.minimumAge()}
        value={draft.minimumAge}
        onChange={(value) => update('minimumAge', value)}
        min={MINIMUM_AGE_RANGE.min}
        max={MINIMUM_AGE_RANGE.max}
        step={1}
        hint={t.hint(MINIMUM_AGE_RANGE)}
        error={errors.minimumAge}
      />
      <p role="note" className="alert alert-warning text-sm">
        {t.warning()}
      </p>
    </AdminSection>
  );
}
