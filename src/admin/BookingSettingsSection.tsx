import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { SwitchField } from './SwitchField';
import { useAdminToast } from './useAdminToast';

/** The clinic's booking switches; each change is saved at once. */
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
  const current = save.isPending ? save.variables : settings.data;
  if (!current) return null;
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
    </AdminSection>
  );
}
