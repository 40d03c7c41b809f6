import type { Person } from '../../db/repositories/accounts';
import type { RequestContext } from '../context';
import { z } from 'zod';

/** What the account use cases need from the request context. */
export type AccountContext = Pick<RequestContext, 'db' | 'dialect' | 'now' | 'env' | 'ip' | 'locale' | 'session' | 'rateLimits' | 'log'>;

/** Where an operator who lost their password starts again; mails link to it. */
export function forgotPasswordUrl(env: RequestContext['env']): string {
  return `${env.publicUrl}/forgot-password`;
}

export const ZAccount = z.object({ id: z.string(), username: z.string(), email: z.string() });
export type Account = z.output<typeof ZAccount>;

/** The signed-in person as answered to the client. */
export function toAccount(operator: Person): Account {
  return { id: operator.id, username: operator.username, email: operator.email };
}
