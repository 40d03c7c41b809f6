import type { Operator } from '../../db/repositories/users';
import type { RequestContext } from '../context';
import type { Account } from './account.schema';

/** What the account use cases need from the request context. */
export type AccountContext = Pick<RequestContext, 'db' | 'dialect' | 'now' | 'env' | 'ip' | 'session' | 'rateLimits'>;

/** The operator as answered to the client: never the session version. */
export function toAccount(operator: Operator): Account {
  return { id: operator.id, username: operator.username, email: operator.email };
}
