import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { Field } from './Field';
import { SwitchField } from './SwitchField';
import { useAdminToast } from './useAdminToast';

/** The repeat measures' trend switch, saved at once, and their reminder and expiry days, saved with their button (issue 30). */
export function MeasureSettingsSection() {
  const { LL } = useI18nContext();
  const t = LL.admin.measureSettings;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const settings = trpc.admin.measures.settings.get.useQuery();
  const save = trpc.admin.measures.settings.update.useMutation({
    onSuccess: (saved) => {
      utils.admin.measures.settings.get.setData(undefined, saved);
      setDays(null);
      toast.success(t.saved());
    },
    onError: (error) => toast.failure(error, t.failed()),
  });
  // The days being typed; null shows the saved ones.
  const [days, setDays] = useState<{ reminder: string; expiry: string } | null>(null);
  const current = save.isPending ? { ...settings.data!, ...save.variables } : settings.data;
  if (!current) return null;
  const typed = days ?? { reminder: String(current.reminderDays), expiry: String(current.expiryDays) };
  const dayInput = (label: string, value: string, onChange: (value: string) => void) => (
    <Field label={label} hint={t.daysHint()}>
      {(control) => <input {...control} type="number" className="input w-24" min={1} max={14} step={1} required value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <SwitchField label={t.trend()} hint={t.trendHint()} checked={current.trendVisible} onChange={(checked) => save.mutate({ ...current, trendVisible: checked })} />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ ...current, reminderDays: Number(typed.reminder), expiryDays: Number(typed.expiry) });
        }}
      >
        {dayInput(t.reminder(), typed.reminder, (reminder) => setDays({ ...typed, reminder }))}
        {dayInput(t.expiry(), typed.expiry, (expiry) => setDays({ ...typed, expiry }))}
        <button type="submit" className="btn btn-outline btn-sm mb-6" disabled={save.isPending || days === null}>
          {t.save()}
        </button>
      </form>
    </AdminSection>
  );
}
