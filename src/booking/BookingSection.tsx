import { useAtom } from 'jotai';
import { useState } from 'react';
import { MALAYSIAN_CRISIS_RESOURCES } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';
import { tellEmbedder } from '../lib/embedder';
import { trpc } from '../lib/trpc';
import { CrisisResourceList } from '../components/CrisisResourceList';
import { useScreenerIdentity } from '../components/ScreenerIdentity';
import { bookingDetailsAtom } from '../lib/screening-store';
import { BookingDialog } from './BookingDialog';
import { type BookedAppointment, BookingReceived } from './BookingReceived';
import { PsychologistCard, type PublicPsychologist } from './PsychologistCard';
import { useBookingSheetHistory } from './useBookingSheetHistory';

/**
 * The booking section: the screener owner's psychologists, or the crisis
 * resources when there are none (also when the list fails to load, which is only logged).
 */
export default function BookingSection() {
  const { LL } = useI18nContext();
  const { identifier, configuration } = useScreenerIdentity();
  const psychologists = trpc.public.psychologists.useQuery({ slug: identifier });
  // The open dialog is kept in the tab with the details, so a reload reopens it.
  const [kept, setKept] = useAtom(bookingDetailsAtom);
  const [booked, setBooked] = useState<BookedAppointment | null>(null);

  const list = psychologists.data ?? [];
  const chosen = list.find((psychologist) => psychologist.id === kept.psychologistId);
  // Back closes the sheet and keeps everything, the chosen time too, so forward reopens it as it was.
  const sheet = useBookingSheetHistory(kept.psychologistId, (psychologistId) => setKept((before) => ({ ...before, psychologistId })));
  // SPEC: closing the dialog clears the selection; the typed details and the timezone stay.
  const choose = (psychologist: PublicPsychologist) => {
    setKept((before) => ({ ...before, slotId: undefined }));
    sheet.opened(psychologist.id);
  };
  const close = () => {
    setKept((before) => ({ ...before, slotId: undefined }));
    sheet.closed();
  };
  // Printing the results page leaves booking out (docs/decisions/0024).
  return (
    <section className="card bg-base-100 shadow print:hidden" aria-labelledby="booking-title">
      <div className="card-body gap-3">
        <h2 id="booking-title" className="card-title">
          {LL.booking.title()}
        </h2>
        {psychologists.isPending ? (
          <span className="loading loading-dots" aria-hidden="true" />
        ) : list.length === 0 ? (
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">{LL.booking.noPsychologistsTitle()}</h3>
            <p>{LL.booking.noPsychologistsText()}</p>
            <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} clinicContact={configuration.crisisContact} />
          </div>
        ) : (
          <>
            <p>{LL.booking.intro()}</p>
            <ul className="grid gap-3 sm:grid-cols-2">
              {list.map((psychologist) => (
                <PsychologistCard key={psychologist.id} psychologist={psychologist} onChoose={() => choose(psychologist)} />
              ))}
            </ul>
          </>
        )}
      </div>
      {chosen && (
        <BookingDialog
          key={chosen.id}
          psychologist={chosen}
          onClose={close}
          onBooked={(booking) => {
            // The clinic's page hears that a booking was made, never by whom.
            tellEmbedder({ type: 'minda:booked', status: booking.status });
            sheet.finished();
            setBooked(booking);
          }}
        />
      )}
      {booked && <BookingReceived booking={booked} onClose={() => setBooked(null)} />}
    </section>
  );
}
