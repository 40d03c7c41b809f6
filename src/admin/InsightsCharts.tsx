import { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';
import { MASKED } from '../../domain/anonymous-insights';
import { useI18nContext } from '../../i18n/i18n-react';
import type { RouterOutputs } from '../lib/trpc';

type Figures = NonNullable<RouterOutputs['admin']['insights']['get']['figures']>;
type Count = Figures['bookings']['requested'];

interface Bar {
  label: string;
  count: Count;
}

/**
 * One bar chart, drawn by Chartist (SVG, about 9 KB gzip with its CSS, in this lazy chunk only). It is a
 * picture of the table beside it, hidden from screen readers, which read the table instead.
 * A count shown as "< 5" draws no bar.
 */
function Bars({ bars }: { bars: readonly Bar[] }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const data = { labels: bars.map((bar) => bar.label), series: [bars.map((bar) => (bar.count === MASKED ? null : bar.count))] };
    const chart = new BarChart(element.current!, data, { height: '12rem', axisY: { onlyInteger: true, low: 0 }, chartPadding: { top: 12, right: 8, bottom: 0, left: 0 } });
    return () => {
      chart.detach();
    };
  }, [bars]);
  return <div ref={element} aria-hidden="true" className="[&_.ct-bar]:stroke-primary! [&_.ct-bar]:[stroke-width:1.5rem]! [&_.ct-label]:text-base-content/80!" />;
}

/** A titled chart with its table: the exact figures, "< 5" included, for everyone. */
function FigureOf({ title, header, bars }: { title: string; header: string; bars: readonly Bar[] }) {
  const { LL } = useI18nContext();
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">{title}</figcaption>
      <Bars bars={bars} />
      <table className="table table-xs w-auto">
        <caption className="sr-only">{LL.admin.insights.chartNote()}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            <th scope="col" className="text-right">
              {LL.admin.insights.count()}
            </th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row" className="font-normal">
                {bar.label}
              </th>
              <td className="text-right tabular-nums">{bar.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default function InsightsCharts({ figures }: { figures: Figures }) {
  const { LL } = useI18nContext();
  const t = LL.admin.insights;
  const { bookings, conversionPercent } = figures;
  return (
    <div className="flex flex-col gap-6">
      {figures.screenings.map((screenings) => (
        <div key={screenings.testType} className="grid gap-6 sm:grid-cols-2">
          <FigureOf
            title={t.screeningsTitle({ testType: screenings.testType })}
            header={t.step()}
            bars={(['started', 'consented', 'completed', 'crisisShown'] as const).map((step) => ({ label: t.steps[step](), count: screenings[step] }))}
          />
          {screenings.scales.map(({ scale, levels }) => (
            <FigureOf
              key={scale}
              title={t.levelsTitle({ scale: t.scales[scale as keyof typeof t.scales]() })}
              header={t.level()}
              bars={levels.map(({ level, count }) => ({ label: t.levels[level as keyof typeof t.levels](), count }))}
            />
          ))}
        </div>
      ))}
      <div className="grid gap-6 sm:grid-cols-2">
        <FigureOf
          title={t.bookingsTitle()}
          header={t.step()}
          bars={(['requested', 'confirmed', 'completed', 'noShow'] as const).map((status) => ({ label: t.bookings[status](), count: bookings[status] }))}
        />
        <section className="flex flex-col gap-2">
          <h3 className="font-semibold">{t.conversionTitle()}</h3>
          {conversionPercent === null ? (
            <p className="text-sm">{t.conversionHidden()}</p>
          ) : (
            <>
              <progress className="progress progress-primary w-full" value={Math.min(conversionPercent, 100)} max={100} aria-hidden="true" />
              <p>{t.conversion({ percent: conversionPercent })}</p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
