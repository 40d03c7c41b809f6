import type { CombinedQuestionId } from './combined';
import type { Dass21QuestionId } from './dass21';
import type { AnswerScore } from './scoring';

/** DASS-21 item 21: "I felt that life was meaningless". */
export function isDass21CrisisAnswer(questionId: Dass21QuestionId, score: AnswerScore): boolean {
  return questionId === 21 && score >= 2;
}

/** Combined item 11 (PHQ-9 item 9): thoughts of being better off dead or of self-harm. */
export function isCombinedCrisisAnswer(questionId: CombinedQuestionId, score: AnswerScore): boolean {
  return questionId === 11 && score > 0;
}

export interface ContactPoint {
  /** As Malaysians write the number. */
  readonly display: string;
  readonly href: string;
}

/** Ids double as the keys of the names and notes in `assessment.crisis.resources`. */
export type CrisisResourceId = 'emergency' | 'talianHeal' | 'talianKasih' | 'befrienders' | 'samaritans';

export interface CrisisResource {
  readonly id: CrisisResourceId;
  readonly phone: ContactPoint;
  readonly alternativePhone?: ContactPoint;
  readonly whatsApp?: ContactPoint;
}

/** Malaysian lines, most urgent first. */
export const MALAYSIAN_CRISIS_RESOURCES: readonly CrisisResource[] = [
  {
    id: 'emergency',
    phone: { display: '999', href: 'tel:999' },
    // Mobile networks route 112 to the same emergency service, which helps visitors used to other numbers.
    alternativePhone: { display: '112', href: 'tel:112' },
  },
  { id: 'talianHeal', phone: { display: '15555', href: 'tel:15555' } },
  {
    id: 'talianKasih',
    phone: { display: '15999', href: 'tel:15999' },
    whatsApp: { display: '019-261 5999', href: 'https://wa.me/60192615999' },
  },
  { id: 'befrienders', phone: { display: '03-7627 2929', href: 'tel:+60376272929' } },
];

/**
 * The wellbeing plan keeps a UK-style helpline. Samaritans is the UK original of the
 * Befrienders network; its free number only works from the UK and Ireland, which the text says.
 */
export const UK_HELPLINE: CrisisResource = {
  id: 'samaritans',
  phone: { display: '116 123', href: 'tel:116123' },
};

export function crisisResource(id: CrisisResourceId): CrisisResource {
  return [...MALAYSIAN_CRISIS_RESOURCES, UK_HELPLINE].find((resource) => resource.id === id)!;
}
