import { DASS21_QUESTIONS } from '../../domain/dass21';
import { type MeasureInstrument, PHQ9_GAD7_QUESTIONS } from '../../domain/measures';
import type { AnswerScore } from '../../domain/scoring';
import { useI18nContext } from '../../i18n/i18n-react';
import { CombinedAnswerOptions, Dass21AnswerOptions } from '../screener/AnswerOptions';

/**
 * One item of a repeat measure, worded and answered exactly as the screener asks it: the same
 * texts (LL.assessment), the same answer buttons, so the validated wording is never retold.
 */
export function MeasureQuestion({ instrument, index, chosen, onAnswer }: { instrument: MeasureInstrument; index: number; chosen: AnswerScore | undefined; onAnswer: (score: AnswerScore) => void }) {
  const { LL } = useI18nContext();
  if (instrument === 'dass21') {
    const question = DASS21_QUESTIONS[index]!;
    return (
      <>
        <p className="text-sm text-base-content/70">{LL.assessment.dass21.instructions()}</p>
        <h2 className="text-xl font-semibold">{LL.assessment.dass21.items[question.key]()}</h2>
        <Dass21AnswerOptions chosen={chosen} onAnswer={onAnswer} />
      </>
    );
  }
  const question = PHQ9_GAD7_QUESTIONS[index]!;
  const text = LL.assessment.combined;
  return (
    <>
      <span className="badge badge-secondary badge-outline self-start">{text.categories[question.category]()}</span>
      <p className="text-sm text-base-content/70">{text.instructions[question.responseType]()}</p>
      <h2 className="text-xl font-semibold">{text.items[question.key]()}</h2>
      <CombinedAnswerOptions responseType={question.responseType} chosen={chosen} onAnswer={onAnswer} />
    </>
  );
}
