import * as Combined from '../../domain/combined-session';
import { useI18nContext } from '../../i18n/i18n-react';
import { CombinedAnswerOptions } from './AnswerOptions';
import { ProgressBar } from './ProgressBar';
import { useAutoAdvance } from './useAutoAdvance';
import { useFocusOnChange } from './useFocusOnChange';

interface Props {
  session: Combined.CombinedSession;
  dispatch: (action: Combined.CombinedAction) => void;
}

export default function CombinedQuestions({ session, dispatch }: Props) {
  const { LL } = useI18nContext();
  const question = Combined.currentQuestion(session);
  const answer = useAutoAdvance({
    session,
    questionIndex: session.currentQuestionIndex,
    reducer: Combined.combinedSessionReducer,
    dispatch,
    shouldAutoAdvance: Combined.shouldAutoAdvance,
  });
  const headingRef = useFocusOnChange<HTMLHeadingElement>(session.currentQuestionIndex);

  if (!question) return <p role="status">{LL.screener.noQuestion()}</p>;
  const { position, total, percent } = Combined.progress(session);
  const chosen = session.answers[question.id];
  const text = LL.assessment.combined;

  return (
    <div className="flex flex-col gap-4">
      <ProgressBar percent={percent} caption={LL.screener.questionOf({ position, total })} />
      <span className="badge badge-secondary badge-outline self-start">{text.categories[question.category]()}</span>
      <p className="text-sm text-base-content/70">{text.instructions[question.responseType]()}</p>
      {/* The question is what the step is about: its one level-one heading (axe: page-has-heading-one). */}
      <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        {text.items[question.key]()}
      </h1>
      <CombinedAnswerOptions responseType={question.responseType} chosen={chosen} onAnswer={answer} />
      <div className="flex justify-between gap-2">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!Combined.canGoPrevious(session)}
          onClick={() => dispatch({ type: 'previous' })}
        >
          {LL.screener.previous()}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!Combined.canGoNext(session)}
          onClick={() => dispatch({ type: 'next' })}
        >
          {Combined.isLastQuestion(session) ? LL.screener.viewResults() : LL.screener.next()}
        </button>
      </div>
    </div>
  );
}
