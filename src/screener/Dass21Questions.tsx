import { useState } from 'react';
import * as Dass21 from '../../domain/dass21-session';
import type { Dass21FollowUpId } from '../../domain/dass21-follow-ups';
import { useI18nContext } from '../../i18n/i18n-react';
import { Dass21AnswerOptions } from './AnswerOptions';
import { ProgressBar } from './ProgressBar';
import { useAutoAdvance } from './useAutoAdvance';
import { useFocusOnChange } from './useFocusOnChange';

interface Props {
  session: Dass21.Dass21Session;
  dispatch: (action: Dass21.Dass21Action) => void;
}

/** Keyed by the follow-up: each starts from what the visitor wrote to it before, if anything. */
function FollowUp({ followUpId, written, dispatch }: { followUpId: Dass21FollowUpId; written: string; dispatch: Props['dispatch'] }) {
  const { LL } = useI18nContext();
  const [text, setText] = useState(written);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(followUpId);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/70">{LL.assessment.dass21.followUpIntro()}</p>
      <h2 ref={headingRef} tabIndex={-1} id="follow-up-question" className="text-lg font-semibold">
        {LL.assessment.dass21.followUps[followUpId]()}
      </h2>
      <label className="flex flex-col gap-1">
        <span className="text-sm">{LL.screener.followUpLabel()}</span>
        <textarea
          className="textarea w-full"
          rows={4}
          maxLength={1000}
          value={text}
          aria-describedby="follow-up-question"
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'skipFollowUp' })}>
          {LL.screener.skip()}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!Dass21.canContinueFollowUp(text)}
          onClick={() => dispatch({ type: 'submitFollowUp', text })}
        >
          {LL.screener.continue()}
        </button>
      </div>
    </div>
  );
}

export default function Dass21Questions({ session, dispatch }: Props) {
  const { LL } = useI18nContext();
  const question = Dass21.currentQuestion(session);
  const followUpId = Dass21.currentFollowUpId(session);
  const answer = useAutoAdvance({
    session,
    questionIndex: session.currentQuestionIndex,
    reducer: Dass21.dass21SessionReducer,
    dispatch,
    shouldAutoAdvance: Dass21.shouldAutoAdvance,
  });
  const headingRef = useFocusOnChange<HTMLHeadingElement>(session.currentQuestionIndex);

  if (!question) return <p role="status">{LL.screener.loadingQuestions()}</p>;
  const { position, total, percent } = Dass21.progress(session);
  const chosen = session.answers[question.id];

  return (
    <div className="flex flex-col gap-4">
      <ProgressBar percent={percent} caption={LL.screener.progress({ position, total })} />
      <p className="text-sm text-base-content/70">{LL.assessment.dass21.instructions()}</p>
      {/* The question is what the step is about: its one level-one heading (axe: page-has-heading-one). */}
      <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        {LL.assessment.dass21.items[question.key]()}
      </h1>
      {followUpId ? (
        <FollowUp key={followUpId} followUpId={followUpId} written={Dass21.currentFollowUpResponse(session)} dispatch={dispatch} />
      ) : (
        <Dass21AnswerOptions chosen={chosen} onAnswer={answer} />
      )}
      <div className="flex justify-between gap-2">
        {Dass21.canGoPrevious(session) ? (
          <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'previous' })}>
            {LL.screener.previous()}
          </button>
        ) : (
          <span />
        )}
        {!followUpId && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!Dass21.canGoNext(session)}
            onClick={() => dispatch({ type: 'next' })}
          >
            {Dass21.isLastQuestion(session) ? LL.screener.complete() : LL.screener.next()}
          </button>
        )}
      </div>
    </div>
  );
}
