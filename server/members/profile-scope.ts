import type { SessionMember } from '../../db/repositories/operator-sessions';
import { mayActOnProfile, profileScope } from '../../domain/roles';
import { NotFoundError } from '../errors';

type Member = Pick<SessionMember, 'role' | 'psychologistId'>;
type Missing = ConstructorParameters<typeof NotFoundError>[0];

/**
 * Refuses a psychologist member what belongs to a colleague's profile, as another clinic's
 * would be refused: 404, so they learn nothing of it.
 */
export function refuseOutsideProfile(member: Member, psychologistId: string, missing: Missing): void {
  if (!mayActOnProfile(member, psychologistId)) throw new NotFoundError(missing);
}

/**
 * The profile a list is limited to: a psychologist's own whatever they ask (a colleague's is
 * refused), or the filter asked for. A psychologist whose profile was deleted sees nothing:
 * an empty id matches no row.
 */
export function profileFilter(member: Member, requested: string | undefined): string | undefined {
  const scope = profileScope(member);
  if (!scope) return requested;
  if (requested !== undefined) refuseOutsideProfile(member, requested, 'psychologist');
  return scope.psychologistId ?? '';
}
