import { useState } from 'react';
import { MALAYSIAN_CRISIS_RESOURCES } from '../../domain/crisis';
import { Modal } from '../components/Modal';
import { useI18nContext } from '../../i18n/i18n-react';
import { tellEmbedder } from '../lib/embedder';
import { trpc } from '../lib/trpc';
import { CrisisResourceList } from '../components/CrisisResourceList';
import { useScreenerIdentity } from '../components/ScreenerIdentity';
import { BookingDialog } from './BookingDialog';
import { PsychologistCard, type PublicPsychologist } from './PsychologistCard';

/**
 * The booking section: the screener owner's psychologists, or the crisis
 * resources when there are none (also when the list fails to load, which is only logged).
 */
export default function BookingSection() {
  const { LL } = useI18nContext();
  const { identifier, configuration } = useScreenerIdentity();
  const psychologists = trpc.public.psychologists.useQuery({ slug: identifier });
  const [chosen, setChosen] = useState<PublicPsychologist | null>(null);
  const [booked, setBooked] = useState<{ name: string; confirmEmailTo?: string } | null>(null);

  const list = psychologists.data ?? [];
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
                <PsychologistCard key={psychologist.id} psychologist={psychologist} onChoose={() => setChosen(psychologist)} />
              ))}
            </ul>
          </>
        )}
      </div>
      {chosen && (
        <BookingDialog
          psychologist={chosen}
          onClose={() => setChosen(null)}
          onBooked={({ status, confirmEmailTo }) => {
            tellEmbedder({ type: 'minda:booked', status });
            setBooked({ name: chosen.name, confirmEmailTo });
            setChosen(null);
          }}
        />
      )}
      {booked && (
        <Modal title={LL.booking.receivedTitle()} onClose={() => setBooked(null)}>
          <p>{LL.booking.receivedText({ name: booked.name })}</p>
          {booked.confirmEmailTo && (
            <div role="note" className="alert alert-warning flex flex-col items-start gap-1">
              <strong>{LL.booking.checkEmailTitle()}</strong>
              <span>{LL.booking.checkEmailText({ email: booked.confirmEmailTo })}</span>
            </div>
          )}
          <div className="modal-action">
            <button type="button" className="btn btn-primary" onClick={() => setBooked(null)}>
              {LL.booking.close()}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
