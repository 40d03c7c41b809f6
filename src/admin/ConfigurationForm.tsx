import { useState } from 'react';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { useI18nContext } from '../../i18n/i18n-react';
import { fieldErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { AgeRequirementSection } from './AgeRequirementSection';
import { AssessmentTypeSection } from './AssessmentTypeSection';
import { BrandingSection } from './BrandingSection';
import { type ConfigurationDraft, configurationDraftOf, configurationUpdateOf } from './configuration-draft';
import { ConsentContentSection } from './ConsentContentSection';
import { CrisisContactSection } from './CrisisContactSection';
import { useAdminToast } from './useAdminToast';

/**
 * The screener's own settings, saved together by Save Configuration. The saved answer (with
 * its new company slug) replaces the cached configuration, so the URLs above follow at once.
 * `configuration` is the saved one: it seeds the form once and then tells what is saved.
 */
export function ConfigurationForm({ configuration }: { configuration: ScreenerConfiguration }) {
  const { LL } = useI18nContext();
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<ConfigurationDraft>(() => configurationDraftOf(configuration));
  const save = trpc.admin.configuration.update.useMutation({
    onSuccess: (saved) => {
      utils.admin.configuration.get.setData(undefined, saved);
      setDraft(configurationDraftOf(saved));
      toast.success(LL.admin.save.success());
    },
    onError: (error) => toast.failure(error, LL.admin.save.failed()),
  });
  const sectionProps = {
    draft,
    update: <K extends keyof ConfigurationDraft>(field: K, value: ConfigurationDraft[K]) =>
      setDraft((current) => ({ ...current, [field]: value })),
    errors: fieldErrorsOf(save.error),
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(configurationUpdateOf(draft));
      }}
    >
      <AssessmentTypeSection {...sectionProps} />
      <BrandingSection {...sectionProps} savedCompanyName={configuration.companyName} uploadedLogoUrl={configuration.uploadedLogoUrl} />
      <AgeRequirementSection {...sectionProps} />
      <ConsentContentSection {...sectionProps} />
      <CrisisContactSection {...sectionProps} />
      <button type="submit" className="btn btn-primary self-end max-sm:w-full" disabled={save.isPending}>
        {save.isPending ? LL.admin.save.pending() : LL.admin.save.button()}
      </button>
    </form>
  );
}
