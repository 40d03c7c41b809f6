import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export interface Operator {
  id: string;
  username: string;
  email: string;
  sessionVersion: number;
}

export async function findOperatorById(db: Kysely<Database>, id: string): Promise<Operator | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'session_version'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, username: row.username, email: row.email, sessionVersion: row.session_version };
}
