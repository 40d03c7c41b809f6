import { useState } from 'react';
import type { AssignableRole } from '../../domain/roles';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAdminToast } from '../admin/useAdminToast';
import { fieldErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { type RoleChoice, RoleChoiceFields, roleChoiceInput } from './RoleChoiceFields';

interface Props {
  member: { accountId: string; username: string; role: AssignableRole; psychologistId: string | null };
  psychologists: readonly { id: string; name: string }[];
}

/** A member's role (and a psychologist's profile), saved when the owner changed it. */
export function MemberRoleEditor({ member, psychologists }: Props) {
  const { LL } = useI18nContext();
  const t = LL.team.section;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const saved: RoleChoice = { role: member.role, psychologistId: member.psychologistId ?? '' };
  const [choice, setChoice] = useState<RoleChoice>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = trpc.admin.members.changeRole.useMutation({
    onSuccess: (team) => {
      setErrors({});
      toast.success(t.roleChanged());
      utils.admin.members.list.setData(undefined, team);
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      toast.failure(error, t.changeFailed());
    },
  });
  const changed = choice.role !== saved.role || (choice.role === 'psychologist' && choice.psychologistId !== saved.psychologistId);
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      aria-label={t.changeRole({ username: member.username })}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate({ accountId: member.accountId, ...roleChoiceInput(choice) });
      }}
    >
      <RoleChoiceFields value={choice} onChange={setChoice} psychologists={psychologists} errors={errors} />
      {changed && (
        <button type="submit" className="btn btn-sm btn-primary self-start" disabled={change.isPending}>
          {change.isPending ? t.savingRole() : t.saveRole()}
        </button>
      )}
    </form>
  );
}
