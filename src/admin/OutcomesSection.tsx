import { useState } from 'react';
import { MASKED } from '../../domain/anonymous-insights';
import { OUTCOME_PERIODS, type OutcomePeriod } from '../../domain/measure-outcomes';
import { useI18nContext } from '../../i18n/i18n-react';
import { WithNamespaces } from '../components/LocaleProvider';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { SectionLoading } from './SectionLoading';

type Figures = RouterOutputs['admin']['measures']['outcomes']['clinic'];
type Share = Figures['improvement'];

/**
 * The clinic's outcomes of repeat measures over the last 3, 6 or 12 months (issue 30,
 * docs/decisions/0064): the clinic's row, then one per psychologist, counts under 5 hidden.
 */
export function OutcomesSection() {
  return (
    <WithNamespaces namespaces={['clinicOutcomes']} fallback={<SectionLoading />}>
      <OutcomesScreen />
    </WithNamespaces>
  );
}

function OutcomesScreen() {
  const { LL } = useI18nContext();
  const t = LL.clinicOutcomes;
  const badges = LL.admin.measures.badges;
  const [months, setMonths] = useState<OutcomePeriod>('3');
  const outcomes = trpc.admin.measures.outcomes.useQuery({ months }, { placeholderData: (previous) => previous });
  // The server hides a count under 5 as MASKED; a reader is told so in words.
  const count = (value: Figures['measured']) => (value === MASKED ? t.fewerThanFive() : String(value));
  const share = ({ count: value, percent }: Share) => (percent === null ? count(value) : t.share({ count: value as number, percent }));
  const row = (name: string, figures: Figures, key: string) => (
    <tr key={key}>
      <th scope="row">{name}</th>
      <td>{count(figures.measured)}</td>
      <td>{count(figures.compared)}</td>
      <td>{share(figures.improvement)}</td>
      <td>{share(figures.recovery)}</td>
      <td>{share(figures.deterioration)}</td>
    </tr>
  );

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <div role="group" aria-label={t.period()} className="join">
        {OUTCOME_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={months === period}
            className={`btn join-item btn-sm ${months === period ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => setMonths(period)}
          >
            {t.months({ months: Number(period) })}
          </button>
        ))}
      </div>
      {outcomes.isError && <p role="alert" className="alert alert-error">{t.loadFailed()}</p>}
      {outcomes.data && (
        // Six columns scroll sideways on a phone: a region a keyboard can reach and scroll.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t.caption({ months: Number(months) })}>
          <table className="table table-sm">
            <caption className="text-left">{t.caption({ months: Number(months) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t.who()}</th>
                <th scope="col">{t.measured()}</th>
                <th scope="col">{t.compared()}</th>
                <th scope="col">{badges.reliableImprovement()}</th>
                <th scope="col">{badges.recovery()}</th>
                <th scope="col">{badges.reliableDeterioration()}</th>
              </tr>
            </thead>
            <tbody>
              {row(t.clinic(), outcomes.data.clinic, 'clinic')}
              {outcomes.data.psychologists.map((psychologist) => row(psychologist.name, psychologist.figures, psychologist.psychologistId))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm text-base-content/80">{t.source()}</p>
    </AdminSection>
  );
}
