import { useEffect, useState } from 'react';
import { MALAYSIAN_CRISIS_RESOURCES, type ClinicCrisisContact } from '../../domain/crisis';
import { initialMeasureSession, measureProgress, measureSessionReducer, type MeasureSession } from '../../domain/measure-session';
import type { MeasureInstrument } from '../../domain/measures';
import type { ScreeningAction } from '../../domain/screening-session';
import { useI18nContext } from '../../i18n/i18n-react';
import { CrisisResourceList } from '../components/CrisisResourceList';
import { messageOf } from '../lib/errors';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { ProgressBar } from '../screener/ProgressBar';
import { MeasureQuestion } from './MeasureQuestion';

export type MeasureOutcome = RouterOutputs['public']['measure']['answer'];

// Kept in the tab as the screener keeps a screening (src/lib/screening-store.ts): this tab only,
// gone when it closes, so a reload goes on where the client was. sessionStorage is reached here
// directly, inside each try (a sandboxed frame refuses it): importing the screener's store would
// split it into a chunk of its own, fetched on the screener's first load (its byte budget).
const keyOf = (token: string) => `minda.measure.${token}`;

function readKept(token: string): MeasureSession {
  try {
    const text = window.sessionStorage.getItem(keyOf(token));
    return text ? (JSON.parse(text) as MeasureSession) : initialMeasureSession;
  } catch {
    return initialMeasureSession;
  }
}

function useKeptSession(token: string, instrument: MeasureInstrument) {
  const [session, setSession] = useState(() => readKept(token));
  useEffect(() => {
    try {
      window.sessionStorage.setItem(keyOf(token), JSON.stringify(session));
    } catch {
      // Storage full or refused: the answers stay in memory for this page.
    }
  }, [token, session]);
  const reduce = measureSessionReducer(instrument);
  const dispatch = (action: ScreeningAction) => setSession((current) => reduce(current, action));
  const forget = () => {
    try {
      window.sessionStorage.removeItem(keyOf(token));
    } catch {
      // Refused: nothing was kept.
    }
  };
  return { session, dispatch, forget };
}

/**
 * The measure's items one at a time with the screener's flow, the crisis help the moment a risk
 * item is answered, and the answers sent once the last is given.
 */
export function MeasureAnswers({ token, instrument, clinicContact, onAnswered }: { token: string; instrument: MeasureInstrument; clinicContact: ClinicCrisisContact | null; onAnswered: (outcome: MeasureOutcome) => void }) {
  const { LL } = useI18nContext();
  const text = LL.booking.measurePage;
  const { session, dispatch, forget } = useKeptSession(token, instrument);
  const send = trpc.public.measure.answer.useMutation({
    onSuccess: (outcome) => {
      forget();
      onAnswered(outcome);
    },
  });
  const progress = measureProgress(instrument, session);
  const answers = Object.fromEntries(Object.entries(session.answers).map(([id, score]) => [id, score as number]));
  return (
    <div className="flex flex-col gap-4">
      {session.showCrisis && (
        <section role="alert" aria-labelledby="crisis-title" className="flex flex-col gap-3 rounded-box border-2 border-secondary bg-base-100 p-5">
          <h2 id="crisis-title" className="text-xl font-semibold text-secondary">
            {LL.assessment.crisis.title()}
          </h2>
          <p>{LL.assessment.crisis.message()}</p>
          <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} clinicContact={clinicContact} />
          <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => dispatch({ type: 'closeCrisis' })}>
            {LL.assessment.crisis.close()}
          </button>
        </section>
      )}
      {session.isComplete ? (
        <>
          <button type="button" className="btn btn-primary" disabled={send.isPending} onClick={() => send.mutate({ token, answers })}>
            {send.isPending ? text.sending() : text.send()}
          </button>
          {send.error && <p role="alert">{messageOf(send.error, text.retry())}</p>}
          <button type="button" className="btn btn-ghost self-start" disabled={send.isPending} onClick={() => dispatch({ type: 'previous' })}>
            {LL.screener.previous()}
          </button>
        </>
      ) : (
        <>
          <ProgressBar percent={progress.percent} caption={LL.screener.questionOf({ position: progress.position, total: progress.total })} />
          <MeasureQuestion
            instrument={instrument}
            index={session.currentQuestionIndex}
            chosen={progress.chosen}
            onAnswer={(score) => dispatch({ type: 'answer', score })}
          />
          <div className="flex justify-between gap-2">
            <button type="button" className="btn btn-ghost" disabled={session.currentQuestionIndex === 0} onClick={() => dispatch({ type: 'previous' })}>
              {LL.screener.previous()}
            </button>
            <button type="button" className="btn btn-primary" disabled={!progress.canGoNext} onClick={() => dispatch({ type: 'next' })}>
              {progress.isLast ? LL.screener.complete() : LL.screener.next()}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
