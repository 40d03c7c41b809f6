import { COMBINED_CATEGORIES, COMBINED_MAX_SCORES } from '../../domain/combined';
import { crisisResource } from '../../domain/crisis';
import { DASS21_CATEGORIES, DASS21_MAX_SCALE_SCORE } from '../../domain/dass21';
import { interpretCombined, interpretDass21 } from '../../domain/interpretation';
import { combinedWellbeingPlan, dass21WellbeingPlan } from '../../domain/wellbeing-plan';
import type { Analysis } from './analysis';
import type { Screening } from './screening';
import { translationsFor } from '../translations';

/**
 * Summary and recommendations from the scores and levels alone, in the visitor's language:
 * the answer when no model is configured or the model fails, so the card is never empty.
 * Follow-up answers are not used; crisis lines are added by the crisis guard like any answer.
 */
export function writeBuiltInInsights(screening: Screening): Analysis {
  const LL = translationsFor(screening.language);
  const text = LL.insightsWriter;
  const { interpretation, plan, scales } =
    screening.test === 'dass21'
      ? {
          interpretation: interpretDass21(screening.results),
          plan: dass21WellbeingPlan(screening.results),
          scales: DASS21_CATEGORIES.map((name) => ({ name, max: DASS21_MAX_SCALE_SCORE, ...screening.results[name] })),
        }
      : {
          interpretation: interpretCombined(screening.results),
          plan: combinedWellbeingPlan(screening.results),
          scales: COMBINED_CATEGORIES.map((name) => ({ name, max: COMBINED_MAX_SCORES[name], ...screening.results[name] })),
        };
  const scaleList = new Intl.ListFormat(screening.language, { type: 'conjunction' }).format(
    scales.map(({ name, score, max, level }) =>
      text.scale({ name: text.scaleNames[name](), score, max, level: LL.assessment.levels[level]() }),
    ),
  );
  const scores = screening.test === 'dass21' ? text.dass21Scores({ scales: scaleList }) : text.combinedScores({ scales: scaleList });
  const helpline = crisisResource('talianHeal');
  return {
    summary: [text.opening[interpretation.tier](), scores, text.notDiagnosis()].join(' '),
    recommendations: [
      text.nextStep[plan.tier](),
      // With every scale in the normal range there is nothing to cope with yet.
      ...(interpretation.tier === 'normal' ? [] : [text.copingIdea[plan.condition]()]),
      text.basics(),
      text.supportLine({ heal: LL.assessment.crisis.resources[helpline.id].name(), healNumber: helpline.phone.display }),
    ],
  };
}
