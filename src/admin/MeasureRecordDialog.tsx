import { LineChart } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { CombinedQuestionKey } from '../../domain/combined';
import type { Dass21QuestionKey } from '../../domain/dass21';
import type { MeasureScale } from '../../domain/measures';
import { type ChangeBadge, changeBadgeExplanation } from '../../domain/reliable-change';
import { useI18nContext } from '../../i18n/i18n-react';
import { useNamespaces } from '../components/LocaleProvider';
import { Modal } from '../components/Modal';
import { messageOf } from '../lib/errors';
import { dateLocaleOf } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { DialogActions } from './DialogActions';
import { type EnrolledPlan, MeasureEnrolForm } from './MeasureEnrolForm';
import { MeasurePlanStatus } from './MeasurePlanStatus';

type MeasureRecord = RouterOutputs['admin']['measures']['record'];
type ScaleRecord = MeasureRecord['scales'][number];

/** The severity bands behind the line, lightest first; Chartist draws them once the chart is laid out. */
const BAND_SHADES = ['fill-success/10', 'fill-warning/10', 'fill-warning/20', 'fill-error/15', 'fill-error/25'];

/**
 * One scale's trend, drawn by Chartist on its severity bands (in this lazy chunk only). A
 * picture of the table beside it, hidden from screen readers, which read the table instead.
 */
function Trend({ scale, format }: { scale: ScaleRecord; format: (date: Date) => string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const { bands } = scale;
    const data = { labels: scale.points.map((point) => format(point.at)), series: [scale.points.map((point) => point.score)] };
    const chart = new LineChart(element.current!, data, {
      height: '12rem',
      low: 0,
      high: bands.at(-1)!.to,
      axisY: { onlyInteger: true },
      fullWidth: true,
      chartPadding: { top: 12, right: 16, bottom: 0, left: 0 },
    });
    chart.on('created', ({ chartRect, axisY, svg }) => {
      bands.forEach((band, index) => {
        const top = chartRect.y1 - axisY.projectValue(band.to);
        const height = axisY.projectValue(band.to) - axisY.projectValue(band.from);
        svg.elem('rect', { x: chartRect.x1, y: top, width: chartRect.width(), height }, BAND_SHADES[index] ?? '', true);
      });
    });
    return () => {
      chart.detach();
    };
  }, [scale, format]);
  return <div ref={element} aria-hidden="true" className="[&_.ct-line]:stroke-primary! [&_.ct-point]:stroke-primary! [&_.ct-label]:text-base-content/80!" />;
}

/** A change badge that explains itself on hover (title) and on tap or keyboard (the disclosure below it). */
function Badge({ scale, badge, when }: { scale: MeasureScale; badge: ChangeBadge; when: string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.measures;
  const [open, setOpen] = useState(false);
  const id = useId();
  const explanation = changeBadgeExplanation(scale, badge, LL);
  const tone = badge === 'reliableDeterioration' ? 'badge-error' : badge === 'noReliableChange' ? 'badge-ghost' : 'badge-success';
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={`badge ${tone} h-auto min-h-6 cursor-help py-1 text-left`}
        title={explanation}
        aria-expanded={open}
        aria-controls={id}
        aria-label={t.badgeLabel({ when, badge: t.badges[badge]() })}
        onClick={() => setOpen((shown) => !shown)}
      >
        {when}: {t.badges[badge]()}
      </button>
      {open && (
        <p id={id} className="text-sm">
          {explanation}
        </p>
      )}
    </div>
  );
}

function ScaleFigure({ scale, format }: { scale: ScaleRecord; format: (date: Date) => string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.measures;
  const name = t.scaleNames[scale.scale]();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        {name}
      </h3>
      {scale.badges && (
        <div className="flex flex-wrap gap-2">
          <Badge scale={scale.scale} badge={scale.badges.sinceBaseline} when={t.sinceBaseline()} />
          <Badge scale={scale.scale} badge={scale.badges.sinceLast} when={t.sinceLast()} />
        </div>
      )}
      <Trend scale={scale} format={format} />
      <table className="table table-xs w-auto">
        <caption className="sr-only">{t.chartNote()}</caption>
        <thead>
          <tr>
            <th scope="col">{t.date()}</th>
            <th scope="col" className="text-right">
              {t.score()}
            </th>
          </tr>
        </thead>
        <tbody>
          {scale.points.map((point) => (
            <tr key={point.measureId ?? 'screening'}>
              <th scope="row" className="font-normal">
                {format(point.at)}
                {point.measureId === null && ` · ${t.screening()}`}
              </th>
              <td className="text-right tabular-nums">{point.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Every item's answer (0-3) of each questionnaire, one column per answering, the screening first. */
function ItemsSideBySide({ record, format }: { record: MeasureRecord; format: (date: Date) => string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.measures;
  const columns = record.answered;
  const ids = [...new Set(columns.flatMap((column) => Object.keys(column.answers ?? {}).map(Number)))].sort((a, b) => a - b);
  const itemText = (instruments: string, id: number) =>
    instruments === 'dass21' ? LL.assessment.dass21.items[`q${id}` as Dass21QuestionKey]() : LL.assessment.combined.items[`q${id}` as CombinedQuestionKey]();
  return (
    <section aria-labelledby="measure-items" className="flex flex-col gap-2">
      <h3 id="measure-items" className="font-semibold">
        {t.itemsTitle()}
      </h3>
      {/* A column per answering scrolls sideways on a phone: a group a keyboard can reach and scroll. */}
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby="measure-items">
        <table className="table table-xs">
          <thead>
            <tr>
              <th scope="col">{t.question()}</th>
              {columns.map((column) => (
                <th key={column.measureId ?? 'screening'} scope="col" className="text-right whitespace-nowrap">
                  {column.measureId === null ? t.screening() : format(column.at)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ids.map((id) => (
              <tr key={id}>
                <th scope="row" className="font-normal">
                  {id}. {itemText(columns[0]!.instruments, id)}
                </th>
                {columns.map((column) => (
                  <td key={column.measureId ?? 'screening'} className="text-right tabular-nums">
                    {column.answers?.[String(id)] ?? '–'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The client's record of repeat measures (issue 30): a trend chart per scale on its severity
 * bands with its change badges, the item answers side by side, and the missed measures. Opening
 * it is a request the server writes to the audit log, so it is asked once per opening.
 */
export default function MeasureRecordDialog({ appointment, onClose }: { appointment: { id: string; clientName: string }; onClose: () => void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.measures;
  const texts = useNamespaces(['assessment']);
  const open = trpc.admin.measures.record.useMutation();
  const { mutate } = open;
  useEffect(() => mutate({ appointmentId: appointment.id }), [mutate, appointment.id]);
  const [format] = useState(() => {
    const dates = new Intl.DateTimeFormat(dateLocaleOf(locale), { dateStyle: 'medium' });
    return (date: Date) => dates.format(date);
  });
  const record = open.data;
  const [enrolled, setEnrolled] = useState<EnrolledPlan | null>(null);
  const plan = enrolled ? { ...enrolled, withdrawnAt: null, endedAt: null } : record?.plans.at(-1);
  // No plan, or the last one withdrawn or ended: the client may be enrolled (again, with a new consent).
  const enrollable = !plan || plan.withdrawnAt !== null || plan.endedAt !== null;

  return (
    <Modal title={t.recordTitle({ name: appointment.clientName })} onClose={onClose}>
      <p className="text-xs text-base-content/80">{t.recordAudited()}</p>
      {open.isError && <p role="alert">{messageOf(open.error, t.recordLoadFailed())}</p>}
      {record && texts && (
        <>
          {plan && <MeasurePlanStatus appointmentId={appointment.id} plan={plan} format={format} />}
          {enrolled && (
            <details className="text-sm">
              <summary className="cursor-pointer">{t.consentRecorded()}</summary>
              <p className="mt-1 whitespace-pre-line" lang={enrolled.consent.language}>
                {enrolled.consent.text}
              </p>
            </details>
          )}
          {enrollable && <MeasureEnrolForm appointment={appointment} onEnrolled={setEnrolled} />}
          {record.scales.length === 0 ? <p>{t.recordEmpty()}</p> : record.scales.map((scale) => <ScaleFigure key={scale.scale} scale={scale} format={format} />)}
          {record.answered.length > 0 && <ItemsSideBySide record={record} format={format} />}
          <section aria-labelledby="measures-missed" className="flex flex-col gap-1">
            <h3 id="measures-missed" className="font-semibold">
              {t.missedTitle()}
            </h3>
            {record.missed.length === 0 ? (
              <p className="text-sm">{t.noneMissed()}</p>
            ) : (
              <ul className="list-disc pl-5 text-sm">
                {record.missed.map((missed) => (
                  <li key={missed.measureId}>{t.missed({ sent: format(missed.sentAt), expired: format(missed.expiredAt) })}</li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <DialogActions>
        {record && record.answered.some((column) => column.measureId !== null) && (
          <a className="btn" href={`/api/appointments/${encodeURIComponent(appointment.id)}/measures.fhir`} download>
            {t.exportFhir()}
          </a>
        )}
        <button type="button" className="btn" onClick={onClose}>
          {LL.admin.appointments.close()}
        </button>
      </DialogActions>
    </Modal>
  );
}
