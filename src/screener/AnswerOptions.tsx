import { RESPONSE_OPTIONS, type ResponseType } from '../../domain/combined';
import { DASS21_ANSWER_SCORES } from '../../domain/dass21';
import type { AnswerScore } from '../../domain/scoring';
import { useI18nContext } from '../../i18n/i18n-react';
import { AnswerButton } from './AnswerButton';

// The answers of an item exactly as the screener offers them: the screener and the repeat
// measures' page (src/measures) draw the same buttons with the same validated wording.

interface Props {
  chosen: AnswerScore | undefined;
  onAnswer: (score: AnswerScore) => void;
}

export function Dass21AnswerOptions({ chosen, onAnswer }: Props) {
  const { LL } = useI18nContext();
  const answers = LL.assessment.dass21.answers;
  return (
    <div role="group" aria-label={LL.screener.answerOptions()} className="flex flex-col gap-2">
      {DASS21_ANSWER_SCORES.map((score) => (
        <AnswerButton key={score} selected={chosen === score} onSelect={() => onAnswer(score)}>
          <span className="flex flex-col">
            <span>{answers[score].label()}</span>
            <span className="text-sm opacity-80">{answers[score].description()}</span>
          </span>
        </AnswerButton>
      ))}
    </div>
  );
}

export function CombinedAnswerOptions({ responseType, chosen, onAnswer }: Props & { responseType: ResponseType }) {
  const { LL } = useI18nContext();
  return (
    <div role="group" aria-label={LL.screener.answerOptions()} className="flex flex-col gap-2">
      {RESPONSE_OPTIONS[responseType].map((option) => (
        <AnswerButton key={option.key} selected={chosen === option.score} onSelect={() => onAnswer(option.score)}>
          {LL.assessment.combined.responses[option.key]()}
        </AnswerButton>
      ))}
    </div>
  );
}
