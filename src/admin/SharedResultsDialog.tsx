import { useEffect } from 'react';
import { DASS21_CATEGORIES, type Dass21Category } from '../../domain/dass21';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { useNamespaces } from '../components/LocaleProvider';
import { messageOf } from '../lib/errors';
import { dateLocaleOf } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { DialogActions } from './DialogActions';

type View = RouterOutputs['admin']['appointments']['results'];
type Shared = NonNullable<View['sharedResults']>;

/**
 * The screening results a visitor shared with their booking, and the consents they gave with the
 * words they saw. Opening it is a request the server writes to the audit log, so it is asked once
 * per opening and never kept in the query cache.
 */
export function SharedResultsDialog({ appointment, onClose }: { appointment: { id: string; clientName: string }; onClose: () => void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.appointments;
  const texts = useNamespaces(['assessment']);
  const open = trpc.admin.appointments.results.useMutation();
  const { mutate } = open;
  useEffect(() => mutate({ appointmentId: appointment.id }), [mutate, appointment.id]);
  const dateFormat = new Intl.DateTimeFormat(dateLocaleOf(locale), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Modal title={t.resultsTitle({ name: appointment.clientName })} onClose={onClose}>
      <p className="text-xs text-base-content/80">{t.resultsAudited()}</p>
      {open.isError && <p role="alert">{messageOf(open.error, t.resultsLoadFailed())}</p>}
      {open.data && texts && (
        <>
          {open.data.sharedResults ? <Results shared={open.data.sharedResults} /> : <p>{t.resultsNone()}</p>}
          {open.data.consents.length > 0 && (
            <section className="flex flex-col gap-2" aria-labelledby="consents-title">
              <h3 id="consents-title" className="font-semibold">
                {t.consentsTitle()}
              </h3>
              {open.data.consents.map((consent) => (
                <details key={consent.kind} className="rounded-box border border-base-300 p-2 text-sm">
                  <summary className="cursor-pointer">
                    {t.consentKinds[consent.kind as keyof typeof t.consentKinds]?.() ?? consent.kind} ·{' '}
                    {t.consentGivenAt({ when: dateFormat.format(consent.givenAt), version: consent.version.slice(0, 12) })}
                  </summary>
                  <p className="mt-2 whitespace-pre-line">{consent.text}</p>
                </details>
              ))}
            </section>
          )}
        </>
      )}
      <DialogActions>
        <button type="button" className="btn" onClick={onClose}>
          {t.close()}
        </button>
      </DialogActions>
    </Modal>
  );
}

function Results({ shared }: { shared: Shared }) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const scaleName = (scale: string) =>
    shared.testType === 'DASS-21' && (DASS21_CATEGORIES as readonly string[]).includes(scale)
      ? LL.assessment.dass21.categories[scale as Dass21Category]()
      : (LL.assessment.combined.categories[scale as keyof typeof LL.assessment.combined.categories]?.() ?? scale);
  return (
    <section className="flex flex-col gap-2">
      <p role={shared.crisisItemAnswered ? 'alert' : undefined} className={shared.crisisItemAnswered ? 'font-semibold' : undefined}>
        {shared.crisisItemAnswered ? t.resultsCrisisYes() : t.resultsCrisisNo()}
      </p>
      {/* Table markup written out, as in the other tables: the columns differ, and a shared table component would only pass them through. */}
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{t.resultsScale()}</th>
            <th scope="col">{t.resultsScore()}</th>
            <th scope="col">{t.resultsLevel()}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(shared.results).map(([scale, { score, level }]) => (
            <tr key={scale}>
              <td>{scaleName(scale)}</td>
              <td>{score}</td>
              <td>{LL.assessment.levels[level as keyof typeof LL.assessment.levels]?.() ?? level}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shared.followUpResponses && shared.followUpResponses.length > 0 && (
        <>
          <h3 className="font-semibold">{t.resultsFollowUps()}</h3>
          <ul className="flex flex-col gap-2 text-sm">
            {shared.followUpResponses.map((answer) => (
              <li key={answer.followUpId}>
                <p className="text-base-content/80">
                  {LL.assessment.dass21.followUps[answer.followUpId as keyof typeof LL.assessment.dass21.followUps]?.() ?? answer.followUpId}
                </p>
                <p className="whitespace-pre-line">{answer.response}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
