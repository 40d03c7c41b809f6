import { useState } from 'react';
import type { Interpretation } from '../../../domain/interpretation';
import type { WellbeingPlan } from '../../../domain/wellbeing-plan';
import { useI18nContext } from '../../../i18n/i18n-react';
import { Note } from '../../components/Note';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { RetryBoundary } from '../RetryBoundary';
import { useFocusOnChange } from '../useFocusOnChange';
import { InsightsCard, type InsightsRequest } from './InsightsCard';
import { PrintableResults } from './PrintableResults';
import { type ScaleScore, ScoreCard } from './ScoreCard';
import { WellbeingPlanCard } from './WellbeingPlanCard';

// Booking code (slot maths, forms) arrives only when a visitor reaches the results.
const BookingSection = lazyWithPreload(() => import('../../booking/BookingSection'));

interface Props {
  scores: readonly ScaleScore[];
  interpretation: Interpretation;
  insights: InsightsRequest;
  plan: WellbeingPlan;
  restartLabel: string;
  onRestart: () => void;
}

/**
 * The results page both tests share: disclaimer, scores, meaning, insights, booking, plan, retake.
 * 'Save or print my results' swaps it for the printable copy, held in this component's state
 * only: nothing goes to a URL, to storage or to the server (docs/decisions/0024).
 */
export function ResultsLayout({ scores, interpretation, insights, plan, restartLabel, onRestart }: Props) {
  // The date the copy carries: when these results were first shown.
  const [shownAt] = useState(() => new Date());
  const [printable, setPrintable] = useState(false);
  if (printable) {
    return (
      <PrintableResults
        scores={scores}
        interpretation={interpretation}
        insights={insights}
        plan={plan}
        date={shownAt}
        onBack={() => setPrintable(false)}
      />
    );
  }
  return (
    <ResultsPage
      scores={scores}
      interpretation={interpretation}
      insights={insights}
      plan={plan}
      restartLabel={restartLabel}
      onRestart={onRestart}
      onPrintable={() => setPrintable(true)}
    />
  );
}

function ResultsPage({ scores, interpretation, insights, plan, restartLabel, onRestart, onPrintable }: Props & { onPrintable: () => void }) {
  const { LL } = useI18nContext();
  const headingRef = useFocusOnChange<HTMLHeadingElement>('results');
  return (
    <div className="flex flex-col gap-4">
      <h1 ref={headingRef} tabIndex={-1} className="text-center text-3xl font-bold">
        {LL.results.title()}
      </h1>
      <Note>
        <h2 className="font-semibold">{LL.results.disclaimerTitle()}</h2>
        <p>{LL.results.disclaimer()}</p>
      </Note>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {scores.map(({ key, ...score }) => (
          <ScoreCard key={key} {...score} />
        ))}
      </div>
      <button type="button" className="btn btn-outline btn-primary self-center print:hidden" onClick={onPrintable}>
        {LL.results.printable.open()}
      </button>
      <section className="card bg-base-100 shadow" aria-labelledby="meaning-title">
        <div className="card-body">
          <h2 id="meaning-title" className="card-title">
            {LL.results.interpretation.title()}
          </h2>
          <p>{LL.results.interpretation.tiers[interpretation.tier]({ count: interpretation.count })}</p>
        </div>
      </section>
      {/* A new language asks for the insights again, in that language. */}
      <InsightsCard key={insights.input.language} request={insights} />
      <RetryBoundary retry={BookingSection.preload}>
        <BookingSection />
      </RetryBoundary>
      <WellbeingPlanCard plan={plan} />
      <button type="button" className="btn btn-primary self-center print:hidden" onClick={onRestart}>
        {restartLabel}
      </button>
    </div>
  );
}
