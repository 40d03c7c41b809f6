import { useState } from 'react';
import { RETENTION_DAYS } from '../../domain/retention';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { Field } from './Field';
import { SwitchField } from './SwitchField';
import { useAdminToast } from './useAdminToast';

/** The clinic's booking switches, each saved at once, and how long visitors' data is kept, saved with its button. */
export function BookingSettingsSection() {
  const { LL } = useI18nContext();
  const t = LL.admin.bookingSettings;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const settings = trpc.admin.bookingSettings.get.useQuery();
  const save = trpc.admin.bookingSettings.update.useMutation({
    onSuccess: (saved) => {
      utils.admin.bookingSettings.get.setData(undefined, saved);
      toast.success(t.saved());
    },
    onError: (error) => toast.failure(error, t.failed()),
  });
  const current = save.isPending ? { ...settings.data!, ...save.variables } : settings.data;
  // The period being typed; null shows the saved one.
  const [retention, setRetention] = useState<string | null>(null);
  if (!current) return null;
  const retentionDays = Number(retention ?? current.retentionDays);
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <SwitchField
        label={t.confirmEmail()}
        hint={t.confirmEmailHint()}
        checked={current.confirmVisitorEmail}
        onChange={(checked) => save.mutate({ ...current, confirmVisitorEmail: checked })}
      />
      <SwitchField
        label={t.autoConfirm()}
        hint={t.autoConfirmHint()}
        checked={current.autoConfirmRequests}
        onChange={(checked) => save.mutate({ ...current, autoConfirmRequests: checked })}
      />
      <SwitchField
        label={t.secondReminder()}
        hint={t.secondReminderHint()}
        checked={current.secondReminder}
        onChange={(checked) => save.mutate({ ...current, secondReminder: checked })}
      />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ ...current, retentionDays }, { onSuccess: () => setRetention(null) });
        }}
      >
        <Field label={t.retention()} hint={t.retentionHint()}>
          {(control) => (
            <input
              {...control}
              type="number"
              className="input w-32"
              min={RETENTION_DAYS.min}
              max={RETENTION_DAYS.max}
              step={1}
              required
              value={retention ?? String(current.retentionDays)}
              onChange={(event) => setRetention(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn btn-outline btn-sm mb-6" disabled={save.isPending || retentionDays === current.retentionDays}>
          {t.retentionSave()}
        </button>
      </form>
    </AdminSection>
  );
}
