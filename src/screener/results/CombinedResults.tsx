import { useMemo } from 'react';
import { COMBINED_CATEGORIES, COMBINED_MAX_SCORES, type CombinedResults as Results } from '../../../domain/combined';
import { interpretCombined } from '../../../domain/interpretation';
import { combinedWellbeingPlan } from '../../../domain/wellbeing-plan';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { InsightsRequest } from './InsightsCard';
import { ResultsLayout } from './ResultsLayout';

interface Props {
  results: Results;
  /** The configuration's id: its operator decides whether an AI service writes the insights. */
  screener: string;
  onRestart: () => void;
}

export default function CombinedResults({ results, screener, onRestart }: Props) {
  const { LL, locale } = useI18nContext();
  const insights = useMemo<InsightsRequest>(
    () => ({ test: 'combined', input: { results, language: locale, screener } }),
    [results, locale, screener],
  );
  const titles = { whooley: LL.results.whooley(), phq9: 'PHQ-9', gad7: 'GAD-7' };
  return (
    <ResultsLayout
      scores={COMBINED_CATEGORIES.map((category) => ({
        key: category,
        title: titles[category],
        score: results[category].score,
        max: COMBINED_MAX_SCORES[category],
        level: results[category].level,
      }))}
      interpretation={interpretCombined(results)}
      insights={insights}
      plan={combinedWellbeingPlan(results)}
      restartLabel={LL.results.takeAssessmentAgain()}
      onRestart={onRestart}
    />
  );
}
