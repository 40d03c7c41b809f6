/** Every item in both tests is scored 0-3 (yes/no items use only 0 and 1). */
export type AnswerScore = 0 | 1 | 2 | 3;

/** Answers keyed by question id; a question without a key has not been answered yet. */
export type Answers<QuestionId extends number> = Readonly<Partial<Record<QuestionId, AnswerScore>>>;

/** Sum of the given items; unanswered items count as 0 so a partial session still scores. */
export function sumScores<QuestionId extends number>(
  answers: Answers<QuestionId>,
  questionIds: readonly NoInfer<QuestionId>[],
): number {
  return questionIds.reduce((total, id) => total + (answers[id] ?? 0), 0);
}

/**
 * A cut-off table written the way the manuals print it: the level below every cut-off, then each
 * cut-off's inclusive lower bound with its level, in ascending order.
 */
export interface Bands<Level extends string> {
  readonly below: Level;
  readonly from: readonly (readonly [minimum: number, level: Level])[];
}

export function levelForScore<Level extends string>(score: number, bands: Bands<Level>): Level {
  let level = bands.below;
  for (const [minimum, bandLevel] of bands.from) {
    if (score >= minimum) level = bandLevel;
  }
  return level;
}

export interface ScaleResult<Level extends string> {
  readonly score: number;
  readonly level: Level;
}
