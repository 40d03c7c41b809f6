import { useState } from 'react';
import { zonePlace } from '../../domain/time-zone-places';
import type { Psychologist } from '../../domain/psychologist';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { CalendarLinkDialog } from './CalendarLinkDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { PsychologistDialog } from './PsychologistDialog';
import { hasErrorCode } from '../lib/errors';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

/** Which dialog is open: adding, editing one, or none. */
type Editing = { psychologist: Psychologist | null } | null;
/** A delete waiting for the operator; `reason` is the server's 409 when bookings would go too. */
type PendingDelete = { psychologist: Psychologist; reason?: string } | null;

interface RowActions {
  onEdit: () => void;
  onCalendarLink: () => void;
  onDelete: () => void;
}

function PsychologistRow({ psychologist, onEdit, onCalendarLink, onDelete }: { psychologist: Psychologist } & RowActions) {
  const { LL } = useI18nContext();
  const t = LL.admin.psychologists;
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold break-words">{psychologist.name}</h3>
        <p className="text-sm">{psychologist.jobTitle}</p>
        <p className="text-sm break-all text-base-content/80">{psychologist.email}</p>
        <p className="text-sm">{psychologist.pricePerHour ? t.price({ price: psychologist.pricePerHour }) : t.noPrice()}</p>
        <p className="text-xs text-base-content/70">
          {t.slotSettings({
            duration: psychologist.slotDurationMinutes,
            buffer: psychologist.bufferMinutes,
            advance: psychologist.minimumAdvanceHours,
          })}{' '}
          · {zonePlace(psychologist.timezone, new Date())}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={onEdit} aria-label={t.editLabel({ name: psychologist.name })}>
          {t.edit()}
        </button>
        <button type="button" className="btn btn-sm" onClick={onCalendarLink} aria-label={t.calendarLinkLabel({ name: psychologist.name })}>
          {t.calendarLink()}
        </button>
        <button type="button" className="btn btn-sm btn-error" onClick={onDelete} aria-label={t.deleteLabel({ name: psychologist.name })}>
          {t.delete()}
        </button>
      </div>
    </li>
  );
}

/** The operator's psychologists with add, edit, their calendar link and delete. */
export function PsychologistDirectory() {
  const { LL } = useI18nContext();
  const t = LL.admin.psychologists;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const psychologists = trpc.admin.psychologists.list.useQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  const [calendarLinkOf, setCalendarLinkOf] = useState<Psychologist | null>(null);

  const remove = trpc.admin.psychologists.delete.useMutation({
    onSuccess: () => {
      refreshSchedule();
      toast.success(t.deleted());
      setPendingDelete(null);
    },
    onError: (error, input) => {
      // Upcoming bookings: ask again with the server's reason before sending the confirmation.
      if (hasErrorCode(error, 'CONFLICT') && !input.confirmCancelBookings) {
        setPendingDelete((current) => current && { ...current, reason: error.message });
        return;
      }
      toast.failure(error, t.deleteFailed());
      setPendingDelete(null);
    },
  });

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      {psychologists.isPending ? (
        <p role="status">{t.loading()}</p>
      ) : psychologists.isError ? (
        <p role="alert" className="text-error">
          {t.loadFailed()}
        </p>
      ) : psychologists.data.length === 0 ? (
        <p>{t.empty()}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {psychologists.data.map((psychologist) => (
            <PsychologistRow
              key={psychologist.id}
              psychologist={psychologist}
              onEdit={() => setEditing({ psychologist })}
              onCalendarLink={() => setCalendarLinkOf(psychologist)}
              onDelete={() => setPendingDelete({ psychologist })}
            />
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-primary self-start max-sm:w-full" onClick={() => setEditing({ psychologist: null })}>
        {t.add()}
      </button>

      {editing && <PsychologistDialog psychologist={editing.psychologist} onClose={() => setEditing(null)} />}
      {calendarLinkOf && <CalendarLinkDialog psychologist={calendarLinkOf} onClose={() => setCalendarLinkOf(null)} />}
      {pendingDelete && (
        <ConfirmDialog
          title={pendingDelete.reason ? t.bookingsTitle() : t.deleteTitle()}
          message={pendingDelete.reason ?? t.deleteConfirm()}
          confirmLabel={pendingDelete.reason ? t.deleteAnyway() : t.delete()}
          pendingLabel={t.deleting()}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate({ id: pendingDelete.psychologist.id, confirmCancelBookings: pendingDelete.reason !== undefined })
          }
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </AdminSection>
  );
}
