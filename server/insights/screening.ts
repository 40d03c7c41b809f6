import type { CombinedResults } from '../../domain/combined';
import type { Dass21QuestionId, Dass21Results } from '../../domain/dass21';
import type { Dass21FollowUpId } from '../../domain/dass21-follow-ups';
import type { Locales } from '../../i18n/i18n-types';

/** A follow-up answer after scrubbing: the only free text that may leave the server. */
export interface FollowUpAnswer {
  readonly questionId: Dass21QuestionId;
  readonly followUpId: Dass21FollowUpId;
  readonly answer: string;
}

/** What the insights are written from: validated, scrubbed and in a stable order. */
export type Screening =
  | {
      readonly test: 'dass21';
      readonly results: Dass21Results;
      readonly followUpAnswers: readonly FollowUpAnswer[];
      readonly language: Locales;
    }
  | { readonly test: 'combined'; readonly results: CombinedResults; readonly language: Locales };
