import { type FormEvent, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAdminToast } from '../admin/useAdminToast';
import { TextField } from '../components/TextField';
import { fieldErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { type RoleChoice, RoleChoiceFields, roleChoiceInput } from './RoleChoiceFields';

const EMPTY: RoleChoice = { role: 'psychologist', psychologistId: '' };

/** The owner invites someone by e-mail to a role; the server mails the link. */
export function InviteMemberForm({ psychologists }: { psychologists: readonly { id: string; name: string }[] }) {
  const { LL } = useI18nContext();
  const t = LL.team.invite;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [choice, setChoice] = useState<RoleChoice>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = trpc.admin.members.invite.useMutation({
    onSuccess: (team, input) => {
      utils.admin.members.list.setData(undefined, team);
      toast.success(t.sent({ email: input.email }));
      setEmail('');
      setChoice(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      toast.failure(error, t.failed());
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, ...roleChoiceInput(choice) });
  };
  return (
    <form className="flex flex-col gap-3" noValidate aria-label={t.title()} onSubmit={onSubmit}>
      <h3 className="font-semibold">{t.title()}</h3>
      <TextField label={t.email()} type="email" autoComplete="off" required value={email} error={errors.email} onChange={setEmail} />
      <RoleChoiceFields value={choice} onChange={setChoice} psychologists={psychologists} errors={errors} />
      <button type="submit" className="btn btn-primary self-start" disabled={invite.isPending}>
        {invite.isPending ? t.pending() : t.submit()}
      </button>
    </form>
  );
}
