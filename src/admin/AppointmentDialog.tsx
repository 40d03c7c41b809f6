import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { AppointmentActions } from './AppointmentActions';
import { AppointmentVideoLink } from './AppointmentVideoLink';
import { AppointmentPaymentDisclosure } from './payments/AppointmentPaymentDisclosure';
import { type Appointment, AppointmentSummary } from './AppointmentSummary';
import { DialogActions } from './DialogActions';

interface Props {
  appointment: Appointment;
  /** Opens the slot's own dialog, to move or delete it; the calendar closes this one first. */
  onEditSlot: () => void;
  onClose: () => void;
}

/** An appointment opened from the week view: who and when, its answers, and its slot's times. */
export function AppointmentDialog({ appointment, onEditSlot, onClose }: Props) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  return (
    <Modal title={t.dialogTitle()} onClose={onClose}>
      <AppointmentSummary appointment={appointment} />
      <AppointmentVideoLink appointment={appointment} />
      <AppointmentPaymentDisclosure appointmentId={appointment.id} />
      <AppointmentActions appointment={appointment} onDone={onClose} />
      <DialogActions>
        <button type="button" className="btn mr-auto" onClick={onEditSlot}>
          {t.editSlot()}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t.close()}
        </button>
      </DialogActions>
    </Modal>
  );
}
