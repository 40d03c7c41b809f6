import { crisisResource, isDass21CrisisAnswer } from '../../domain/crisis';
import type { Phq9Level } from '../../domain/combined';
import type { Dass21Level } from '../../domain/dass21';
import type { Locales } from '../../i18n/i18n-types';
import type { Analysis } from './analysis';
import type { Screening } from './screening';
import { translationsFor } from '../translations';

const CRISIS_DEPRESSION_LEVELS: ReadonlySet<Dass21Level> = new Set(['severe', 'extremelySevere']);
const CRISIS_PHQ9_LEVELS: ReadonlySet<Phq9Level> = new Set(['moderatelySevere', 'severe']);

/**
 * The server never sees the answers, only levels and follow-ups. A follow-up is asked only
 * after an item's maximum answer (3), so one for item 21 means its crisis answer was given.
 */
export function isAtCrisisLevel(screening: Screening): boolean {
  if (screening.test === 'combined') return CRISIS_PHQ9_LEVELS.has(screening.results.phq9.level);
  return (
    CRISIS_DEPRESSION_LEVELS.has(screening.results.depression.level) ||
    screening.followUpAnswers.some((followUp) => isDass21CrisisAnswer(followUp.questionId, 3))
  );
}

/** The lines every crisis-level analysis must name: emergency, Talian HEAL and Befrienders. */
const REQUIRED_LINES = (['emergency', 'talianHeal', 'befrienders'] as const).map(crisisResource);

/** The number as people write it: any spaces or dashes between digits, +60 for a leading 0. */
function writtenNumber(display: string): RegExp {
  const digits = display.replace(/\D/g, '');
  const national = digits.startsWith('0') ? String.raw`(?:0|\+?60)[\s-]*${digits.slice(1)}` : digits;
  const flexible = national.replace(/(\d)(?=\d)/g, String.raw`$1[\s-]*`);
  return new RegExp(String.raw`(?<!\d)${flexible}(?!\d)`);
}
const REQUIRED_NUMBERS = REQUIRED_LINES.map((line) => writtenNumber(line.phone.display));
const NAMES_A_PROFESSIONAL = /profes+ional|psycholog|psikolog|counsel|kaunsel|doctor|doktor|therapist|terapis/i;

export function crisisRecommendation(language: Locales): string {
  const LL = translationsFor(language);
  const [emergency, ...helplines] = REQUIRED_LINES;
  return LL.insightsWriter.crisis({
    emergencyNumber: emergency!.phone.display,
    alternativeNumber: emergency!.alternativePhone!.display,
    helplines: new Intl.ListFormat(language, { type: 'disjunction' }).format(
      helplines.map((line) => `${LL.assessment.crisis.resources[line.id].name()} ${line.phone.display}`),
    ),
  });
}

/**
 * At a crisis level the analysis must point to the crisis lines and to a professional. The
 * prompt asks for that, but a model may forget: then the crisis recommendation goes first.
 */
export function withCrisisResources(analysis: Analysis, screening: Screening): Analysis {
  if (!isAtCrisisLevel(screening)) return analysis;
  const text = [analysis.summary, ...analysis.recommendations].join('\n');
  if (REQUIRED_NUMBERS.every((number) => number.test(text)) && NAMES_A_PROFESSIONAL.test(text)) return analysis;
  return { ...analysis, recommendations: [crisisRecommendation(screening.language), ...analysis.recommendations] };
}
