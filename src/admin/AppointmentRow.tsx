import { AppointmentActions } from './AppointmentActions';
import { type Appointment, AppointmentSummary } from './AppointmentSummary';
import { AppointmentVideoLink } from './AppointmentVideoLink';
import { AppointmentPaymentDisclosure } from './payments/AppointmentPaymentDisclosure';

/** One booking in a list (the inbox, Today): what it is, a note, and the buttons that answer it in one tap. */
export function AppointmentRow({ appointment, note }: { appointment: Appointment; note?: string }) {
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <AppointmentSummary appointment={appointment} />
        {note && <p className="text-sm text-base-content/80">{note}</p>}
        <AppointmentVideoLink appointment={appointment} />
        <AppointmentPaymentDisclosure appointmentId={appointment.id} />
      </div>
      <AppointmentActions appointment={appointment} />
    </li>
  );
}
