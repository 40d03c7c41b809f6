import { listPsychologistsOf } from '../../db/repositories/psychologists';
import type { Psychologist } from '../../domain/psychologist';
import { profileScope } from '../../domain/roles';
import type { OperatorContext } from '../context';

/** The clinic's psychologists, for the directory and the schedule's picker; a psychologist member sees only their own. */
export async function listPsychologists(ctx: Pick<OperatorContext, 'db' | 'admin' | 'member'>): Promise<Psychologist[]> {
  const psychologists = await listPsychologistsOf(ctx.db, ctx.admin.id);
  const scope = profileScope(ctx.member);
  return scope ? psychologists.filter((p) => p.id === scope.psychologistId) : psychologists;
}
