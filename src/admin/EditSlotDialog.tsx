import { useState } from 'react';
import { zonePlace } from '../../domain/time-zone-places';
import type { Psychologist } from '../../domain/psychologist';
import { useI18nContext } from '../../i18n/i18n-react';
import { hasErrorCode } from '../lib/errors';
import { formErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { Field } from './Field';
import { Modal } from '../components/Modal';
import type { AdminSlot } from './admin-slot';
import { dateLocaleOf, formatCalendarDate, localSlotTimes, slotTimesOnDate } from '../lib/slot-times';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';
import { DialogActions } from './DialogActions';

/**
 * A question before a change goes through: deleting always asks; a booked slot asks again
 * (the server's 409 reason) before moving or deleting it with `confirmBooked`.
 */
type Confirmation = { action: 'delete' | 'move'; bookedReason?: string } | null;

/** The dialog's time fields, and the input's fields they are sent as. */
const SLOT_FORM = { fields: ['startTime', 'endTime'], formFields: { startUtc: 'startTime', endUtc: 'endTime' } };

interface Props {
  slot: AdminSlot;
  psychologist: Psychologist;
  onClose: () => void;
}

/** New start and end times on the slot's own date, or delete it. */
export function EditSlotDialog({ slot, psychologist, onClose }: Props) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.slotDialog;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const local = localSlotTimes(slot, psychologist.timezone);
  const [startTime, setStartTime] = useState(local.startTime);
  const [endTime, setEndTime] = useState(local.endTime);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);

  const done = (message: string) => {
    refreshSchedule();
    toast.success(message);
    onClose();
  };
  /** On a 409 for a slot known to be booked, ask the operator with the server's reason. */
  const askIfBooked = (error: unknown, action: 'delete' | 'move', confirmed: boolean) => {
    if (hasErrorCode(error, 'CONFLICT') && slot.isBooked && !confirmed && error instanceof Error) {
      setConfirmation({ action, bookedReason: error.message });
      return true;
    }
    return false;
  };
  const move = trpc.admin.availability.update.useMutation({
    onSuccess: () => done(t.updated()),
    onError: (error, input) => {
      if (askIfBooked(error, 'move', input.confirmBooked === true)) return;
      setConfirmation(null);
      // The list may be out of date (a booking or another change since it loaded). The
      // dialog says what went wrong: a toast would sit behind it, saying it a second time.
      refreshSchedule();
    },
  });
  const remove = trpc.admin.availability.delete.useMutation({
    onSuccess: () => done(t.deleted()),
    onError: (error, input) => {
      if (askIfBooked(error, 'delete', input.confirmBooked === true)) return;
      setConfirmation(null);
      refreshSchedule();
    },
  });
  const pending = move.isPending || remove.isPending;
  const canSave = startTime !== '' && endTime !== '';
  const failure = move.error
    ? formErrorsOf(move.error, t.updateFailed(), SLOT_FORM)
    : formErrorsOf(remove.error, t.deleteFailed(), SLOT_FORM);

  const sendMove = (confirmBooked: boolean) =>
    move.mutate({ slotId: slot.id, ...slotTimesOnDate(local.date, startTime, endTime, psychologist.timezone), confirmBooked });
  const sendDelete = (confirmBooked: boolean) => remove.mutate({ slotId: slot.id, confirmBooked });

  const timeInput = (label: string, value: string, onChange: (value: string) => void, error?: string) => (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="time"
          required
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <>
      <Modal title={t.title()} onClose={onClose}>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canSave) sendMove(false);
          }}
        >
          <p className="font-medium">
            {formatCalendarDate(local.date, dateLocaleOf(locale))}{' '}
            <span className="text-sm font-normal text-base-content/70">({zonePlace(psychologist.timezone, new Date(slot.startUtc))})</span>
          </p>
          {slot.isBooked && (
            <p role="note" className="alert alert-warning text-sm">
              {t.bookedNote()}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3">
            {timeInput(t.startTime(), startTime, setStartTime, failure.fields.startTime)}
            {timeInput(t.endTime(), endTime, setEndTime, failure.fields.endTime)}
          </div>
          {!canSave && <p className="text-sm text-error">{t.timesRequired()}</p>}
          {failure.message && !confirmation && (
            <p role="alert" className="text-sm text-error">
              {failure.message}
            </p>
          )}
          <DialogActions>
            <button type="button" className="btn btn-error mr-auto" onClick={() => setConfirmation({ action: 'delete' })} disabled={pending}>
              {remove.isPending ? t.deleting() : t.delete()}
            </button>
            <button type="button" className="btn" onClick={onClose} disabled={pending}>
              {LL.admin.cancel()}
            </button>
            <button type="submit" className="btn btn-primary" disabled={!canSave || pending}>
              {move.isPending ? t.saving() : t.save()}
            </button>
          </DialogActions>
        </form>
      </Modal>
      {confirmation && (
        <ConfirmDialog
          title={confirmation.bookedReason ? t.bookedTitle() : t.deleteTitle()}
          message={confirmation.bookedReason ?? t.deleteConfirm()}
          confirmLabel={
            confirmation.bookedReason ? (confirmation.action === 'move' ? t.saveAnyway() : t.deleteAnyway()) : t.delete()
          }
          pendingLabel={confirmation.action === 'move' ? t.saving() : t.deleting()}
          pending={pending}
          onConfirm={() => {
            const confirmBooked = confirmation.bookedReason !== undefined;
            if (confirmation.action === 'move') sendMove(confirmBooked);
            else sendDelete(confirmBooked);
          }}
          onCancel={() => setConfirmation(null)}
        />
      )}
    </>
  );
}
