import { useMemo } from 'react';
import { DASS21_CATEGORIES, DASS21_MAX_SCALE_SCORE, type Dass21Results as Results } from '../../../domain/dass21';
import type { FollowUpResponse } from '../../../domain/dass21-follow-ups';
import { interpretDass21 } from '../../../domain/interpretation';
import { dass21WellbeingPlan } from '../../../domain/wellbeing-plan';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { InsightsRequest } from './InsightsCard';
import { ResultsLayout } from './ResultsLayout';

interface Props {
  results: Results;
  followUpResponses: readonly FollowUpResponse[];
  /** The configuration's id: its operator decides whether an AI service writes the insights. */
  screener: string;
  onRestart: () => void;
}

export default function Dass21Results({ results, followUpResponses, screener, onRestart }: Props) {
  const { LL, locale } = useI18nContext();
  const insights = useMemo<InsightsRequest>(
    () => ({ test: 'dass21', input: { results, followUpResponses: [...followUpResponses], language: locale, screener } }),
    [results, followUpResponses, locale, screener],
  );
  return (
    <ResultsLayout
      scores={DASS21_CATEGORIES.map((category) => ({
        key: category,
        title: LL.assessment.dass21.categories[category](),
        score: results[category].score,
        max: DASS21_MAX_SCALE_SCORE,
        level: results[category].level,
      }))}
      interpretation={interpretDass21(results)}
      insights={insights}
      plan={dass21WellbeingPlan(results)}
      restartLabel={LL.results.takeScreenerAgain()}
      onRestart={onRestart}
    />
  );
}
