import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Dass21Level } from '../../domain/dass21';
import type { Gad7Level, Phq9Level } from '../../domain/combined';
import { useI18nContext } from '../../i18n/i18n-react';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { brandColourStyle } from '../lib/brand-colour-style';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { MeasureAnswers, type MeasureOutcome } from '../measures/MeasureAnswers';
import { NeedHelp } from '../screener/NeedHelp';
import { ScreenerHeader } from '../screener/ScreenerHeader';
import { useScreenerConfiguration } from '../screener/useScreenerConfiguration';

/** A scale's name as the screener shows it. */
function scaleName(LL: TranslationFunctions, scale: string): string {
  const names: Record<string, () => string> = { ...LL.assessment.combined.categories, ...LL.assessment.dass21.categories };
  return names[scale]?.() ?? scale;
}

function Outcome({ outcome }: { outcome: MeasureOutcome }) {
  const { LL, locale } = useI18nContext();
  const text = LL.booking.measurePage;
  const levels = LL.assessment.levels as Record<Dass21Level | Phq9Level | Gad7Level, () => string>;
  return (
    <div className="flex flex-col gap-3">
      <p role="status">{text.thanks()}</p>
      <h2 className="font-semibold">{text.scoresTitle()}</h2>
      <ul className="list-disc pl-5">
        {Object.entries(outcome.scores).map(([scale, result]) => (
          <li key={scale}>{text.score({ scale: scaleName(LL, scale), score: result.score, level: levels[result.level as Phq9Level]?.() ?? result.level })}</li>
        ))}
      </ul>
      {outcome.trend && (
        <>
          <h2 className="font-semibold">{text.trendTitle()}</h2>
          <table className="table table-sm">
            <tbody>
              {outcome.trend.map((point, index) => (
                <tr key={index}>
                  <th scope="row">{point.at ? new Intl.DateTimeFormat(locale === 'ms' ? 'ms-MY' : 'en-MY', { dateStyle: 'medium' }).format(point.at) : text.trendBaseline()}</th>
                  <td>{Object.entries(point.totals).map(([scale, total]) => `${scaleName(LL, scale)} ${total}`).join(' · ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

/** The consent the client gave, word for word, and the way to withdraw it: the questionnaires stop and the answers are erased. */
function ConsentAndWithdrawal({ token, consentText, onWithdrawn }: { token: string; consentText: string; onWithdrawn: () => void }) {
  const { LL } = useI18nContext();
  const text = LL.booking.measurePage;
  const [confirming, setConfirming] = useState(false);
  const withdraw = trpc.public.measure.withdraw.useMutation({ onSuccess: onWithdrawn });
  return (
    <section className="flex flex-col gap-2 border-t border-base-300 pt-3" aria-labelledby="measure-consent-title">
      <h2 id="measure-consent-title" className="font-semibold">
        {text.consentTitle()}
      </h2>
      <p className="whitespace-pre-line text-sm">{consentText}</p>
      <h2 className="font-semibold">{text.withdrawTitle()}</h2>
      <p className="text-sm">{text.withdrawIntro()}</p>
      {confirming ? (
        <div role="group" className="flex flex-col gap-2 rounded-box border border-error p-3">
          <p>{text.withdrawConfirm()}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-error btn-sm" disabled={withdraw.isPending} onClick={() => withdraw.mutate({ token })}>
              {text.withdrawYes()}
            </button>
            <button type="button" className="btn btn-sm" disabled={withdraw.isPending} onClick={() => setConfirming(false)}>
              {text.withdrawNo()}
            </button>
          </div>
          {withdraw.error && <p role="alert">{messageOf(withdraw.error, text.failed())}</p>}
        </div>
      ) : (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setConfirming(true)}>
          {text.withdraw()}
        </button>
      )}
    </section>
  );
}

/**
 * The page a repeat measure's link opens (issue 30): no account, the clinic's brand, the client's
 * language (the link's /ms prefix), the screener's items, and afterwards their own scores.
 */
export default function MeasurePage() {
  const { token = '' } = useParams();
  const { LL } = useI18nContext();
  const text = LL.booking.measurePage;
  const measure = trpc.public.measure.view.useQuery({ token }, { retry: false, refetchOnWindowFocus: false });
  const screener = useScreenerConfiguration(measure.data?.screenerSlug);
  const configuration = measure.data && screener.status === 'ready' ? screener.configuration : undefined;
  const [outcome, setOutcome] = useState<MeasureOutcome | null>(null);
  const [withdrawn, setWithdrawn] = useState(false);
  const open = !outcome && !withdrawn ? measure.data : undefined;
  return (
    <div className="flex min-h-screen flex-col bg-base-200" style={brandColourStyle(measure.data?.primaryColor)}>
      {configuration && <ScreenerHeader configuration={configuration} languageSwitch />}
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-3 p-4">
        {configuration && <NeedHelp clinicContact={configuration.crisisContact} textsReady />}
        <section className="card w-full bg-base-100 shadow" aria-labelledby="measure-title">
          <div className="card-body gap-3">
            <h1 id="measure-title" className="card-title text-2xl">
              {text.title()}
            </h1>
            {measure.isPending && <p role="status">{text.loading()}</p>}
            {measure.error && !outcome && <p role="alert">{messageOf(measure.error, text.failed())}</p>}
            {withdrawn && <p role="status">{text.withdrawn()}</p>}
            {outcome && <Outcome outcome={outcome} />}
            {open && (
              <>
                <p>{text.intro()}</p>
                <MeasureAnswers token={token} instrument={open.instruments} clinicContact={configuration?.crisisContact ?? null} onAnswered={setOutcome} />
                <ConsentAndWithdrawal token={token} consentText={open.consentText} onWithdrawn={() => setWithdrawn(true)} />
              </>
            )}
          </div>
        </section>
      </main>
    </div>
  );
}
