import type { Kysely } from 'kysely';
import { nameSkeleton } from '../../domain/account-names';
import type { Database } from '../schema';

/** A person who signs in (docs/decisions/0034); a member of clinics through memberships. */
export interface Person {
  id: string;
  username: string;
  email: string;
}

const PERSON_COLUMNS = ['id', 'username', 'email'] as const;

function toPerson(row: Person): Person {
  return { id: row.id, username: row.username, email: row.email };
}

export async function findPersonById(db: Kysely<Database>, id: string): Promise<Person | undefined> {
  const row = await db.selectFrom('accounts').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toPerson(row);
}

export async function findPersonByEmail(db: Kysely<Database>, email: string): Promise<Person | undefined> {
  const row = await db.selectFrom('accounts').select(PERSON_COLUMNS).where('email', '=', email).executeTakeFirst();
  return row && toPerson(row);
}

/** The person with their password hash: for sign-in only, never for an answer. */
export async function findCredentialsByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<{ operator: Person; passwordHash: string } | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select([...PERSON_COLUMNS, 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row && { operator: toPerson(row), passwordHash: row.password_hash };
}

/** The password hash of a signed-in person, to check the password they type again. */
export async function findPasswordHash(db: Kysely<Database>, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('password_hash').where('id', '=', accountId).executeTakeFirst();
  return row?.password_hash;
}

/**
 * Which of a new account's unique fields are already taken, by a person or by a clinic (whose
 * handle and contact address are its first owner's, db/schema.ts UsersTable), and whether its
 * username looks like a person's (nameSkeleton). Names are compared normalised.
 */
export async function findTakenCredentials(
  db: Kysely<Database>,
  wanted: { username: string; email: string },
): Promise<{ username: boolean; email: boolean; lookAlike: boolean }> {
  const holders = (table: 'accounts' | 'users') =>
    db
      .selectFrom(table)
      .select(['username', 'email'])
      .where((eb) => eb.or([eb('username', '=', wanted.username), eb('email', '=', wanted.email)]))
      .execute();
  const rows = [...(await holders('accounts')), ...(await holders('users'))];
  const lookAlike = await db.selectFrom('accounts').select('id').where('username_skeleton', '=', nameSkeleton(wanted.username)).executeTakeFirst();
  return {
    username: rows.some((r) => r.username === wanted.username),
    email: rows.some((r) => r.email === wanted.email),
    lookAlike: lookAlike !== undefined,
  };
}

/** A new person; the unique skeleton of the username refuses a look-alike that raced past findTakenCredentials. */
export async function insertAccount(db: Kysely<Database>, account: Person & { passwordHash: string; createdAt: Date }): Promise<Person> {
  await db
    .insertInto('accounts')
    .values({
      id: account.id,
      username: account.username,
      username_skeleton: nameSkeleton(account.username),
      email: account.email,
      password_hash: account.passwordHash,
      created_at: account.createdAt,
    })
    .execute();
  return toPerson(account);
}

/** Sets a new password hash; the caller ends the person's sessions in the same transaction. */
export async function changePassword(db: Kysely<Database>, accountId: string, passwordHash: string): Promise<Person> {
  await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', accountId).execute();
  const row = await db.selectFrom('accounts').select(PERSON_COLUMNS).where('id', '=', accountId).executeTakeFirstOrThrow();
  return toPerson(row);
}
