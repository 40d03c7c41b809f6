import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import type { CurrentMember } from '../account/useCurrentOperator';
import { useAdminToast } from '../admin/useAdminToast';
import { trpc } from '../lib/trpc';

/** For a person in more than one clinic: which clinic this session acts on (PUT /api/session/clinic). */
export function ClinicSwitcher({ me }: { me: CurrentMember }) {
  const { LL } = useI18nContext();
  const t = LL.team.switcher;
  const id = useId();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const switchClinic = trpc.admin.account.switchClinic.useMutation({
    onSuccess: async (switched) => {
      const clinic = switched.clinics.find((c) => c.clinicId === switched.clinicId)?.name ?? '';
      // Nothing of the clinic left may stay on screen: every answer is asked again for this one.
      await queryClient.resetQueries();
      toast.success(t.switched({ clinic }));
    },
    onError: (error) => toast.failure(error, t.failed()),
  });
  if (me.clinics.length < 2) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t.label()}
      </label>
      <select
        id={id}
        className="select select-sm w-auto max-w-56"
        value={me.clinicId}
        disabled={switchClinic.isPending}
        onChange={(event) => switchClinic.mutate({ clinicId: event.target.value })}
      >
        {me.clinics.map((clinic) => (
          <option key={clinic.clinicId} value={clinic.clinicId}>
            {clinic.name} ({LL.team.roles[clinic.role]()})
          </option>
        ))}
      </select>
    </div>
  );
}
