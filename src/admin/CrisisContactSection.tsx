import { CONFIGURATION_TEXT_LIMITS } from '../../domain/configuration';
import { useI18nContext } from '../../i18n/i18n-react';
import { AdminSection } from './AdminSection';
import type { ConfigurationSectionProps } from './configuration-draft';
import { Field } from './Field';

/** The clinic's own crisis contact, shown to visitors beside the national lines (docs/decisions/0024). */
export function CrisisContactSection({ draft, update, errors }: ConfigurationSectionProps) {
  const { LL } = useI18nContext();
  const t = LL.admin.crisisContact;
  const phoneField = (field: 'crisisContactPhone' | 'crisisContactWhatsApp', label: string, error: string | undefined) => (
    <Field label={label} hint={t.numberHint()} error={error}>
      {(control) => (
        <input
          {...control}
          type="tel"
          inputMode="tel"
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={draft[field]}
          onChange={(event) => update(field, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <Field label={t.name()} hint={t.nameHint()} error={errors['crisisContact.name']}>
        {(control) => (
          <input
            {...control}
            className={`input w-full ${errors['crisisContact.name'] ? 'input-error' : ''}`}
            maxLength={CONFIGURATION_TEXT_LIMITS.crisisContactName}
            value={draft.crisisContactName}
            onChange={(event) => update('crisisContactName', event.target.value)}
          />
        )}
      </Field>
      {phoneField('crisisContactPhone', t.phone(), errors['crisisContact.phone'] ?? errors.crisisContact)}
      {phoneField('crisisContactWhatsApp', t.whatsApp(), errors['crisisContact.whatsApp'])}
    </AdminSection>
  );
}
