import { skipToken, useQuery } from '@tanstack/react-query';
import { MALAYSIAN_CRISIS_RESOURCES } from '../../../domain/crisis';
import type { Interpretation } from '../../../domain/interpretation';
import type { WellbeingPlan } from '../../../domain/wellbeing-plan';
import { useI18nContext } from '../../../i18n/i18n-react';
import { CrisisResourceList } from '../../components/CrisisResourceList';
import { useScreenerIdentity } from '../../components/ScreenerIdentity';
import type { RouterOutputs } from '../../lib/trpc';
import { dateLocaleOf } from '../../lib/slot-times';
import { useFocusOnChange } from '../useFocusOnChange';
import { type InsightsRequest, insightsQueryKey } from './InsightsCard';
import type { ScaleScore } from './ScoreCard';

const ACTION_INDEXES = ['0', '1', '2'] as const;

interface Props {
  scores: readonly ScaleScore[];
  interpretation: Interpretation;
  insights: InsightsRequest;
  plan: WellbeingPlan;
  date: Date;
  onBack: () => void;
}

/** The insights the results page already has, if any: this copy never asks for them. */
function useLoadedInsights(request: InsightsRequest): RouterOutputs['public']['analyze'] | undefined {
  return useQuery({ queryKey: insightsQueryKey(request), queryFn: skipToken }).data as RouterOutputs['public']['analyze'] | undefined;
}

function Heading({ children }: { children: string }) {
  return <h2 className="mt-2 border-b border-base-300 pb-1 text-base font-bold break-after-avoid">{children}</h2>;
}

/**
 * The visitor's own copy of their results, made in the browser from what the screener holds in
 * memory: scores and levels, what they mean, the insights already written, the wellbeing plan,
 * the crisis lines and the date. The browser prints it or saves it as a PDF; the screen's
 * buttons and the page around it are not printed (print: variants, src/styles.css).
 */
export function PrintableResults({ scores, interpretation, insights, plan, date, onBack }: Props) {
  const { LL, locale } = useI18nContext();
  const { configuration } = useScreenerIdentity();
  const headingRef = useFocusOnChange<HTMLHeadingElement>('printable');
  const analysis = useLoadedInsights(insights);
  const t = LL.results.printable;
  const planText = LL.results.plan;
  const actions = planText.actions[plan.tier][plan.condition];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 print:hidden">
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {t.print()}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onBack}>
            {t.back()}
          </button>
        </div>
        <p className="text-center text-sm text-base-content/70">{t.printHint()}</p>
      </div>

      <article
        aria-labelledby="printable-title"
        className="flex flex-col gap-2 rounded-box bg-base-100 p-4 text-sm leading-snug shadow print:p-0 print:text-[10.5pt] print:shadow-none"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h1 id="printable-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
            {t.title()}
          </h1>
          <p className="font-semibold">{t.date({ date: new Intl.DateTimeFormat(dateLocaleOf(locale), { dateStyle: 'long' }).format(date) })}</p>
        </header>
        {configuration.companyName && <p>{configuration.companyName}</p>}
        <p className="text-xs">
          <strong>{LL.results.disclaimerTitle()}.</strong> {LL.results.disclaimer()}
        </p>

        {/* Table markup written out, as in the other tables: the columns differ, and a shared table component would only pass them through. */}
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t.scale()}</th>
              <th scope="col">{t.score()}</th>
              <th scope="col">{t.level()}</th>
            </tr>
          </thead>
          <tbody>
            {scores.map(({ key, title, score, max, level }) => (
              <tr key={key}>
                <th scope="row">{title}</th>
                <td>
                  {score} {LL.results.outOf({ max })}
                </td>
                <td>{LL.assessment.levels[level]()}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <Heading>{LL.results.interpretation.title()}</Heading>
        <p>{LL.results.interpretation.tiers[interpretation.tier]({ count: interpretation.count })}</p>

        {analysis && (
          <>
            <Heading>{LL.results.insights.title()}</Heading>
            <p>{analysis.summary}</p>
            <ul className="list-disc pl-5">
              {analysis.recommendations.map((recommendation) => (
                <li key={recommendation}>{recommendation}</li>
              ))}
            </ul>
          </>
        )}

        <Heading>{planText.title()}</Heading>
        <p>
          <strong>{planText.tiers[plan.tier].title()}.</strong> {planText.tiers[plan.tier].summary()}
        </p>
        <ol className="list-decimal pl-5">
          {ACTION_INDEXES.map((index) => (
            <li key={index}>{actions[index]()}</li>
          ))}
        </ol>
        <p>{planText.retake(plan.retakeAfterWeeks)}</p>

        <section className="break-inside-avoid" aria-labelledby="printable-lines">
          <h2 id="printable-lines" className="mt-2 border-b border-base-300 pb-1 text-base font-bold">
            {planText.supportLinesTitle()}
          </h2>
          <div className="pt-2">
            <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} clinicContact={configuration.crisisContact} />
          </div>
        </section>

        <p className="mt-2 text-xs text-base-content/70">{t.madeHere()}</p>
      </article>
    </div>
  );
}
