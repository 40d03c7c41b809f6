import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { ScheduleExceptions } from './ScheduleExceptions';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';

/** The chosen psychologist's weekly hours and exceptions, once their schedule has loaded. */
export function PsychologistScheduleEditor({ psychologistId, psychologistName }: { psychologistId: string; psychologistName: string }) {
  const { LL } = useI18nContext();
  const schedule = trpc.admin.schedule.get.useQuery({ psychologistId });
  if (schedule.isPending) return <p role="status">{LL.admin.weeklyHours.loading()}</p>;
  if (schedule.isError) return <p role="alert" className="text-error">{LL.admin.weeklyHours.loadFailed()}</p>;
  return (
    <div className="flex flex-col gap-4" data-weekly-schedule>
      <WeeklyHoursEditor key={psychologistId} schedule={schedule.data} psychologistName={psychologistName} />
      <div className="divider my-0" />
      <ScheduleExceptions schedule={schedule.data} />
    </div>
  );
}
