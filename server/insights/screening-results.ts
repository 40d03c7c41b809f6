import { z } from 'zod';
import { COMBINED_CATEGORIES, COMBINED_MAX_SCORES, combinedLevel } from '../../domain/combined';
import {
  DASS21_CATEGORIES,
  DASS21_MAX_SCALE_SCORE,
  DASS21_QUESTIONS,
  DASS21_SEVERITY_RANK,
  dass21Level,
} from '../../domain/dass21';
import { followUpsFor, GENERIC_FOLLOW_UP_IDS, SPECIFIC_FOLLOW_UP_IDS } from '../../domain/dass21-follow-ups';
import { requiredText, text } from '../zod-fields';
import { fieldMessage } from '../field-messages';

// Screening results as a visitor's browser sends them. Every analysis may cost a model call, so
// nothing is accepted that the screener could not have produced: levels must match their scores
// and follow-ups must belong to their question.

const MAX_FOLLOW_UP_LENGTH = 1000;

export const ZLanguage = z.enum(['en', 'ms']);
/**
 * The screener taken, by id or slug as in its URL: its operator may have switched the AI off.
 * Missing or unknown means the default screener, as the client shows for an unknown URL.
 */
export const ZScreener = requiredText(100).optional();
const dass21Levels = Object.keys(DASS21_SEVERITY_RANK) as [keyof typeof DASS21_SEVERITY_RANK, ...(keyof typeof DASS21_SEVERITY_RANK)[]];

/**
 * The published REST contract writes the levels as words ('Extremely Severe', 'Positive'); the screener sends
 * its ids ('extremelySevere', 'positive'). Both are accepted, and read as the id.
 */
const CONTRACT_LEVEL_WORDS = {
  normal: 'Normal',
  minimal: 'Minimal',
  mild: 'Mild',
  moderate: 'Moderate',
  moderatelySevere: 'Moderately Severe',
  severe: 'Severe',
  extremelySevere: 'Extremely Severe',
  negative: 'Negative',
  positive: 'Positive',
} as const;
type LevelId = keyof typeof CONTRACT_LEVEL_WORDS;

function levelNamed<L extends readonly [LevelId, ...LevelId[]]>(levels: L) {
  const idByName = new Map<string, L[number]>(levels.flatMap((id) => [[id, id], [CONTRACT_LEVEL_WORDS[id], id]] as const));
  return z.enum([...idByName.keys()] as [string, ...string[]]).transform((name) => idByName.get(name)!);
}

const scale = <L extends readonly [LevelId, ...LevelId[]]>(score: z.ZodNumber, levels: L) =>
  z.strictObject({ score, level: levelNamed(levels) });

const scoreUpTo = (max: number) => z.number().int().min(0).max(max);

/** Adds an issue on each scale whose level is not the one its score falls in. */
function checkLevels<Category extends string>(
  results: Record<Category, { score: number; level: string }>,
  categories: readonly Category[],
  levelOf: (category: Category, score: number) => string,
  ctx: z.RefinementCtx,
): void {
  for (const category of categories) {
    const { score, level } = results[category];
    const expected = levelOf(category, score);
    if (level !== expected) {
      ctx.addIssue({ code: 'custom', path: [category, 'level'], message: fieldMessage('levelForScore', { level: expected, score }) });
    }
  }
}

// Scale scores are doubled sums, so an odd score cannot come from the questionnaire.
const ZDass21Scale = scale(scoreUpTo(DASS21_MAX_SCALE_SCORE).multipleOf(2), dass21Levels);

export const ZDass21Results = z
  .strictObject({ depression: ZDass21Scale, anxiety: ZDass21Scale, stress: ZDass21Scale })
  .superRefine((results, ctx) => checkLevels(results, DASS21_CATEGORIES, dass21Level, ctx));

const ZFollowUpResponse = z
  .strictObject({
    questionId: z.number().int().min(1).max(21),
    followUpId: z.enum([...SPECIFIC_FOLLOW_UP_IDS, ...GENERIC_FOLLOW_UP_IDS]),
    response: text('several lines')
      .min(1, fieldMessage('notBlank'))
      .max(MAX_FOLLOW_UP_LENGTH, fieldMessage('atMostCharacters', { max: MAX_FOLLOW_UP_LENGTH })),
  })
  .superRefine(({ questionId, followUpId }, ctx) => {
    const question = DASS21_QUESTIONS[questionId - 1]!;
    if (!followUpsFor(question).includes(followUpId)) {
      ctx.addIssue({ code: 'custom', path: ['followUpId'], message: fieldMessage('notAFollowUpOf', { questionId }) });
    }
  });

/** The DASS-21 follow-up answers: each one belongs to its question, and is given once. */
export const ZFollowUpResponses = z
  .array(ZFollowUpResponse)
  // One answer per follow-up: 20 specific and 3 generic ones exist.
  .max(SPECIFIC_FOLLOW_UP_IDS.length + GENERIC_FOLLOW_UP_IDS.length)
  .refine(
    (responses) => new Set(responses.map((r) => `${r.questionId} ${r.followUpId}`)).size === responses.length,
    fieldMessage('eachFollowUpOnce'),
  );

export const ZCombinedResults = z
  .strictObject({
    whooley: scale(scoreUpTo(COMBINED_MAX_SCORES.whooley), ['negative', 'positive'] as const),
    phq9: scale(scoreUpTo(COMBINED_MAX_SCORES.phq9), ['minimal', 'mild', 'moderate', 'moderatelySevere', 'severe'] as const),
    gad7: scale(scoreUpTo(COMBINED_MAX_SCORES.gad7), ['minimal', 'mild', 'moderate', 'severe'] as const),
  })
  .superRefine((results, ctx) => checkLevels(results, COMBINED_CATEGORIES, combinedLevel, ctx));
