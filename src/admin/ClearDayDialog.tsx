import type { Psychologist } from '../../domain/psychologist';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf, formatCalendarDate } from '../lib/slot-times';
import { trpc } from '../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

interface Props {
  psychologist: Psychologist;
  /** YYYY-MM-DD where the psychologist works. */
  date: string;
  /** The free slots the week view shows for the day; the server's answer says how many went. */
  count: number;
  onClose: () => void;
}

/** Asks, then deletes the day's free slots in one call; appointments stay. */
export function ClearDayDialog({ psychologist, date, count, onClose }: Props) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.calendar;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const clear = trpc.admin.availability.clearDay.useMutation({
    onSuccess: (answer) => {
      refreshSchedule();
      toast.success(t.cleared({ count: answer.count }));
    },
    onError: (error) => toast.failure(error, t.clearFailed()),
    onSettled: onClose,
  });
  return (
    <ConfirmDialog
      title={t.clearTitle()}
      message={t.clearConfirm({ count, date: formatCalendarDate(date, dateLocaleOf(locale)) })}
      confirmLabel={t.clearDay()}
      pendingLabel={t.clearing()}
      pending={clear.isPending}
      onConfirm={() => clear.mutate({ psychologistId: psychologist.id, date })}
      onCancel={onClose}
    />
  );
}
