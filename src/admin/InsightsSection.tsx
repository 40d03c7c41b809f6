import { Suspense, useState } from 'react';
import { INSIGHTS_PERIODS, type InsightsPeriod, lastDays } from '../../domain/anonymous-insights';
import { useI18nContext } from '../../i18n/i18n-react';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { SectionLoading } from './SectionLoading';

// The chart library comes with the charts, after the figures: not in the admin page's first load.
const InsightsCharts = lazyWithPreload(() => import('./InsightsCharts'));

/** The clinic's anonymous figures for the last 7, 30 or 90 days (docs/decisions/0025). */
export function InsightsSection() {
  const { LL } = useI18nContext();
  const t = LL.admin.insights;
  const [period, setPeriod] = useState<InsightsPeriod>(30);
  const insights = trpc.admin.insights.get.useQuery(lastDays(new Date(), period), { placeholderData: (previous) => previous });

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <div role="group" aria-label={t.period()} className="join">
        {INSIGHTS_PERIODS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={period === days}
            className={`btn join-item btn-sm ${period === days ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => setPeriod(days)}
          >
            {t.lastDays({ days })}
          </button>
        ))}
      </div>
      {insights.isError && <p role="alert" className="alert alert-error">{t.loadFailed()}</p>}
      {insights.data && !insights.data.figures && <p className="alert">{t.sampleScreener()}</p>}
      {insights.data?.figures && (
        <Suspense fallback={<SectionLoading />}>
          <InsightsCharts figures={insights.data.figures} />
        </Suspense>
      )}
    </AdminSection>
  );
}
