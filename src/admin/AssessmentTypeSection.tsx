import { useId } from 'react';
import { TEST_TYPES, type TestType } from '../../domain/configuration';
import { useI18nContext } from '../../i18n/i18n-react';
import { AdminSection } from './AdminSection';
import { SwitchField } from './SwitchField';
import type { ConfigurationSectionProps } from './configuration-draft';

/** DASS-21 or Combined, the switch that opens the Malay screener, and the one for AI insights. */
export function AssessmentTypeSection({ draft, update, errors }: ConfigurationSectionProps) {
  const { LL } = useI18nContext();
  const t = LL.admin.assessmentType;
  const groupId = useId();
  const describe: Record<TestType, { label: string; description: string }> = {
    'DASS-21': { label: t.dass21(), description: t.dass21Description() },
    Combined: { label: t.combined(), description: t.combinedDescription() },
  };
  return (
    <AdminSection title={t.title()}>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t.title()}</legend>
        {TEST_TYPES.map((testType) => (
          <label key={testType} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3">
            <input
              type="radio"
              className="radio radio-primary mt-1"
              name={groupId}
              value={testType}
              checked={draft.testType === testType}
              onChange={() => update('testType', testType)}
            />
            <span>
              <span className="block font-medium">{describe[testType].label}</span>
              <span className="block text-sm text-base-content/80">{describe[testType].description}</span>
            </span>
          </label>
        ))}
        {errors.testType && <span className="text-sm text-error">{errors.testType}</span>}
      </fieldset>
      <SwitchField
        label={t.malay()}
        hint={t.malayHint()}
        checked={draft.enableMalayTranslation}
        onChange={(checked) => update('enableMalayTranslation', checked)}
      />
      <SwitchField
        label={t.aiInsights()}
        hint={t.aiInsightsHint()}
        checked={draft.aiInsightsEnabled}
        onChange={(checked) => update('aiInsightsEnabled', checked)}
      />
    </AdminSection>
  );
}
