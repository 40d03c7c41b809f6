import { listPsychologistsOf } from '../../db/repositories/psychologists';
import type { Psychologist } from '../../domain/psychologist';
import type { OperatorContext } from '../context';

/** The operator's psychologists, for the directory and the schedule's picker. */
export function listPsychologists(ctx: Pick<OperatorContext, 'db' | 'admin'>): Promise<Psychologist[]> {
  return listPsychologistsOf(ctx.db, ctx.admin.id);
}
