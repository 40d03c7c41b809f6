import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DASS21_QUESTIONS } from '../../domain/dass21';
import { type MeasureAnswers, type MeasureInstrument, type MeasureScale, PHQ9_GAD7_QUESTIONS, scoreMeasure } from '../../domain/measures';
import type { AnswerScore } from '../../domain/scoring';
import { insertMeasurePlan } from '../repositories/measure-plans';
import type { Database } from '../schema';

// Measures as the answer page stores them (issue 30), for the read side's tests: answers are the
// screener's question ids -> score, scores are scoreMeasure's result, both as JSON.

/** Each scale's items by question id, in the order asked. */
function itemsOf(instrument: MeasureInstrument): Readonly<Record<string, readonly number[]>> {
  const questions = instrument === 'dass21' ? DASS21_QUESTIONS : PHQ9_GAD7_QUESTIONS;
  const items: Record<string, number[]> = {};
  for (const question of questions) (items[question.category] ??= []).push(question.id);
  return items;
}

/**
 * Item answers that give each scale the score asked (DASS-21 scores are doubled, so even),
 * filling its items in order with 3s, so a risk item (asked last) is answered only by a score
 * that needs it.
 */
export function answersScoring(instrument: MeasureInstrument, scores: Readonly<Partial<Record<MeasureScale, number>>>): MeasureAnswers {
  const answers: Record<number, AnswerScore> = {};
  for (const [scale, ids] of Object.entries(itemsOf(instrument))) {
    let left = (scores[scale as MeasureScale] ?? 0) / (instrument === 'dass21' ? 2 : 1);
    for (const id of ids) {
      const score = Math.min(3, left) as AnswerScore;
      answers[id] = score;
      left -= score;
    }
  }
  return { instrument, answers } as MeasureAnswers;
}

/** An open plan of an appointment, enrolled `enrolledAt`. */
export async function insertPlan(
  db: Kysely<Database>,
  plan: { userId: string; appointmentId: string; psychologistId: string; instruments: MeasureInstrument; enrolledAt: Date },
) {
  return insertMeasurePlan(db, { ...plan, schedule: 'every_session', consentVersion: 'test-consent', enrolledBy: plan.userId });
}

/** A measure of the plan, sent `sentAt` and expiring 4 days later; answered when `answered` is given. */
export async function insertMeasure(
  db: Kysely<Database>,
  plan: { id: string; userId: string; psychologistId: string; instruments: MeasureInstrument },
  measure: { sentAt: Date; answered?: { at: Date; scores: Readonly<Partial<Record<MeasureScale, number>>> } },
): Promise<string> {
  const id = randomUUID();
  const answers = measure.answered && answersScoring(plan.instruments, measure.answered.scores);
  await db
    .insertInto('measures')
    .values({
      id,
      user_id: plan.userId,
      plan_id: plan.id,
      psychologist_id: plan.psychologistId,
      occasion: `test:${id}`,
      session_appointment_id: null,
      instruments: plan.instruments,
      language: 'en',
      token_hash: randomUUID().replaceAll('-', ''),
      due_at: measure.sentAt,
      sent_at: measure.sentAt,
      reminded_at: null,
      expires_at: new Date(measure.sentAt.getTime() + 4 * 24 * 60 * 60 * 1000),
      answered_at: measure.answered?.at ?? null,
      answers: answers ? JSON.stringify(answers.answers) : null,
      scores: answers ? JSON.stringify(scoreMeasure(answers)) : null,
    })
    .execute();
  return id;
}
