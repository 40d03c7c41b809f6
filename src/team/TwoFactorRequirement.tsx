import { useI18nContext } from '../../i18n/i18n-react';
import { SwitchField } from '../admin/SwitchField';
import { useAdminToast } from '../admin/useAdminToast';
import { trpc } from '../lib/trpc';

/** The owner's switch (PUT /api/two-factor/requirement): two-factor sign-in for every member, or each one's choice. */
export function TwoFactorRequirement({ required }: { required: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.team.twoFactorRequirement;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const change = trpc.admin.members.requireTwoFactor.useMutation({
    onSuccess: (team) => {
      toast.success(team.twoFactorRequired ? t.required() : t.notRequired());
      utils.admin.members.list.setData(undefined, team);
    },
    onError: (error) => toast.failure(error, t.failed()),
  });
  return (
    <SwitchField
      label={t.label()}
      hint={t.hint()}
      checked={change.isPending ? change.variables.required : required}
      onChange={(checked) => change.mutate({ required: checked })}
    />
  );
}
