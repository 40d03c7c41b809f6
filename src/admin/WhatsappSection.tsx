import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { formErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { Field } from './Field';
import { SwitchField } from './SwitchField';
import { useAdminToast } from './useAdminToast';

const FORM = { fields: ['shortName'] };

/**
 * The clinic's WhatsApp messages (issue 29): the switch that offers them on the booking form,
 * saved at once; the shorter name they carry, saved with its button; and how many went out this
 * month, which Meta bills per message.
 */
export function WhatsappSection() {
  const { LL } = useI18nContext();
  const t = LL.admin.whatsapp;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const settings = trpc.admin.whatsapp.get.useQuery();
  const save = trpc.admin.whatsapp.update.useMutation({
    onSuccess: (saved) => {
      utils.admin.whatsapp.get.setData(undefined, saved);
      toast.success(t.saved());
    },
  });
  // The name being typed; null shows the saved one.
  const [shortName, setShortName] = useState<string | null>(null);
  const { fields: errors, message } = formErrorsOf(save.error, t.failed(), FORM);
  if (!settings.data) return null;
  const current = save.isPending ? { ...settings.data, ...save.variables } : settings.data;
  const typedName = shortName ?? current.shortName ?? '';
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <SwitchField
        label={t.enabled()}
        hint={t.enabledHint()}
        checked={current.enabled}
        onChange={(enabled) => save.mutate({ enabled, shortName: current.shortName })}
      />
      <form
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ enabled: current.enabled, shortName: typedName }, { onSuccess: () => setShortName(null) });
        }}
      >
        <div className="min-w-0 flex-1">
          <Field label={t.shortName()} hint={t.shortNameHint()} error={errors.shortName}>
            {(control) => (
              <input
                {...control}
                type="text"
                className={`input w-full ${errors.shortName ? 'input-error' : ''}`}
                value={typedName}
                onChange={(event) => setShortName(event.target.value)}
              />
            )}
          </Field>
        </div>
        <button type="submit" className="btn btn-outline btn-sm mb-6" disabled={save.isPending || typedName === (current.shortName ?? '')}>
          {t.shortNameSave()}
        </button>
      </form>
      {message && (
        <p role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
      <p className="text-sm">
        {t.sentThisMonth({ count: settings.data.sentThisMonth })}
      </p>
    </AdminSection>
  );
}
