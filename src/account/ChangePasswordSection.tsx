import { type FormEvent, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { passwordProblem } from '../../domain/password';
import { AdminSection } from '../admin/AdminSection';
import { useAdminToast } from '../admin/useAdminToast';
import { WithNamespaces } from '../components/LocaleProvider';
import { TextField } from '../components/TextField';
import { formErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Fields = (typeof FIELDS)[number];

interface Props {
  account: { username: string; email: string };
}

/**
 * The signed-in person changes their own password, giving the current one. This session stays;
 * the server ends the others (server/account/change-password.ts). Its texts are the account
 * pages' (the `account` namespace), which the admin page does not load by itself.
 */
export function ChangePasswordSection(props: Props) {
  return (
    <WithNamespaces namespaces={['account']}>
      <ChangePasswordForm {...props} />
    </WithNamespaces>
  );
}

function ChangePasswordForm({ account }: Props) {
  const { LL } = useI18nContext();
  const t = LL.account.change;
  const toast = useAdminToast();
  const [values, setValues] = useState<Record<Fields, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [problems, setProblems] = useState<Partial<Record<Fields, string>>>({});
  const change = trpc.admin.account.changePassword.useMutation({
    onSuccess: () => {
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      toast.success(t.changed());
    },
  });
  const refused = formErrorsOf(change.error, t.failed(), { fields: FIELDS });
  // The form's own checks until it sends; then what the server said, each under its field.
  const shown = { ...problems, ...refused.fields };
  const set = (field: Fields) => (value: string) => setValues((before) => ({ ...before, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const rule = passwordProblem(values.newPassword, account);
    const found = {
      currentPassword: values.currentPassword ? undefined : LL.account.required({ field: t.currentPassword() }),
      newPassword: rule && LL.account.passwordRules[rule](),
      confirmPassword: values.confirmPassword !== values.newPassword ? t.mismatch() : undefined,
    };
    setProblems(found);
    change.reset();
    if (Object.values(found).some(Boolean)) return;
    change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <form className="flex max-w-md flex-col gap-3" noValidate onSubmit={onSubmit}>
        {/* Password managers file the new password under this name. */}
        <input type="text" autoComplete="username" value={account.username} readOnly hidden />
        <TextField label={t.currentPassword()} type="password" autoComplete="current-password" required value={values.currentPassword} error={shown.currentPassword} onChange={set('currentPassword')} />
        <TextField label={t.newPassword()} type="password" autoComplete="new-password" required value={values.newPassword} error={shown.newPassword} onChange={set('newPassword')} />
        <TextField label={t.confirmPassword()} type="password" autoComplete="new-password" required value={values.confirmPassword} error={shown.confirmPassword} onChange={set('confirmPassword')} />
        {refused.message && (
          <p role="alert" className="text-error">
            {refused.message}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending}>
            {change.isPending ? t.pending() : t.submit()}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}
