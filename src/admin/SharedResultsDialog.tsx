import { useEffect } from 'react';
import type { CombinedCategory, CombinedQuestionKey } from '../../domain/combined';
import { DASS21_CATEGORIES, type Dass21Category, type Dass21QuestionKey } from '../../domain/dass21';
import { type ItemView, type ScaleView, type SharedScreening, sharedResultsView } from '../../domain/shared-results-view';
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
 * The screening results a visitor shared with their booking (each scale out of its maximum with
 * its band, every answer, the crisis item marked in words as well as by its border, and the
 * screening's date), and the consents they gave with the
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
          {open.data.sharedResults ? (
            <Results shared={open.data.sharedResults} screenedOn={screenedAt(open.data.consents)} />
          ) : (
            <p>{t.resultsNone()}</p>
          )}
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

/** The screening's date: when the visitor gave the screener's consent, which starts it. */
function screenedAt(consents: View['consents']): Date | undefined {
  return consents.find((consent) => consent.kind === 'screener')?.givenAt;
}

function Results({ shared, screenedOn }: { shared: Shared; screenedOn: Date | undefined }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.appointments;
  // Checked against ZSharedResults when the booking stored it; the view's zod shape is looser.
  const scales = sharedResultsView(shared as SharedScreening);
  const scaleName = (scale: ScaleView['scale']) =>
    shared.testType === 'DASS-21' && (DASS21_CATEGORIES as readonly string[]).includes(scale)
      ? LL.assessment.dass21.categories[scale as Dass21Category]()
      : t.resultsScaleNames[scale as CombinedCategory]();
  const levelName = (level: string) => LL.assessment.levels[level as keyof typeof LL.assessment.levels]?.() ?? level;
  const itemText = (item: ItemView) =>
    item.key in LL.assessment.dass21.items && shared.testType === 'DASS-21'
      ? LL.assessment.dass21.items[item.key as Dass21QuestionKey]()
      : LL.assessment.combined.items[item.key as CombinedQuestionKey]();
  const answerText = ({ answer }: ItemView) =>
    answer.test === 'DASS-21' ? LL.assessment.dass21.answers[answer.index].label() : LL.assessment.combined.responses[answer.key]();
  const sharedAnswers = scales.some((scale) => scale.items.length > 0);
  return (
    <section className="flex flex-col gap-2">
      {screenedOn && <p>{t.resultsScreenedOn({ date: new Intl.DateTimeFormat(dateLocaleOf(locale), { dateStyle: 'long' }).format(screenedOn) })}</p>}
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
          {scales.map((scale) => (
            <tr key={scale.scale}>
              <td>{scaleName(scale.scale)}</td>
              <td className="whitespace-nowrap">{t.resultsOutOf({ score: scale.score, max: scale.max })}</td>
              <td>{levelName(scale.level)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!sharedAnswers && <p className="text-sm">{t.resultsAnswersNotShared()}</p>}
      {sharedAnswers &&
        scales.map((scale) => (
          <section key={scale.scale} aria-labelledby={`answers-${scale.scale}`} className="flex flex-col gap-1">
            <h3 id={`answers-${scale.scale}`} className="font-semibold">
              {t.resultsAnswersOf({ scale: scaleName(scale.scale) })}
            </h3>
            <ol className="flex flex-col gap-1 text-sm">
              {scale.items.map((item) => (
                <li key={item.id} className={item.crisisItem ? 'rounded-box border-2 border-error p-2' : undefined}>
                  {item.crisisItem && (
                    <p className="font-semibold">
                      <span aria-hidden="true">⚠ </span>
                      {item.crisisAnswer ? t.resultsCrisisAnswer() : t.resultsCrisisItem()}
                    </p>
                  )}
                  <p>
                    {item.id}. {itemText(item)}
                  </p>
                  <p className={item.crisisAnswer ? 'font-bold' : 'font-semibold'}>{answerText(item)}</p>
                </li>
              ))}
            </ol>
          </section>
        ))}
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
