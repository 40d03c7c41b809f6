import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { type RouterOutputs, trpc } from '../lib/trpc';

type Plan = RouterOutputs['admin']['measures']['record']['plans'][number];

/**
 * Where the client's latest plan stands, and, while it is open, the way to end it (issue 30,
 * docs/decisions/0067): asked once more in place, as a second dialog over the record would be.
 * Ending keeps the answers; only the client's own withdrawal erases them.
 */
export function MeasurePlanStatus({ appointmentId, plan, format }: { appointmentId: string; plan: Plan; format: (date: Date) => string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.measures;
  const [confirming, setConfirming] = useState(false);
  const end = trpc.admin.measures.endPlan.useMutation({ onSettled: () => setConfirming(false) });
  const endedAt = end.data?.endedAt ?? plan.endedAt;
  const status = plan.withdrawnAt
    ? t.planWithdrawn({ date: format(plan.withdrawnAt) })
    : endedAt
      ? t.planEnded({ date: format(endedAt) })
      : t.planOpen({ date: format(plan.enrolledAt) });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm" role="status">
        {status}
      </p>
      {!plan.withdrawnAt && !endedAt && !confirming && (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setConfirming(true)}>
          {t.endPlan()}
        </button>
      )}
      {confirming && (
        <div role="group" aria-label={t.endPlan()} className="flex flex-col gap-2 rounded-box border border-warning p-3">
          <p className="text-sm">{t.endPlanConfirm()}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-warning btn-sm" disabled={end.isPending} onClick={() => end.mutate({ appointmentId })}>
              {t.endPlanYes()}
            </button>
            <button type="button" className="btn btn-sm" disabled={end.isPending} onClick={() => setConfirming(false)}>
              {t.endPlanNo()}
            </button>
          </div>
        </div>
      )}
      {end.error && <p role="alert">{messageOf(end.error, t.endPlanFailed())}</p>}
    </div>
  );
}
