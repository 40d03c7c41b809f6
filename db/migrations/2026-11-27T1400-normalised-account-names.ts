import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely. The two
// functions below are therefore copies of domain/account-names.ts as it stood on this day.

/** NFKC, case folding (lower, upper, lower), NFKC again. */
const normalise = (name: string) => name.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');

const LATIN_LOOK_ALIKES: Record<string, string> = {
  а: 'a', в: 'b', с: 'c', ԁ: 'd', е: 'e', һ: 'h', і: 'i', ј: 'j', к: 'k', м: 'm', п: 'n', о: 'o', р: 'p', ԛ: 'q', г: 'r',
  ѕ: 's', т: 't', ц: 'u', ѵ: 'v', ԝ: 'w', х: 'x', у: 'y', ʐ: 'z',
  α: 'a', β: 'b', ϲ: 'c', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y', ω: 'w',
  ı: 'i', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŧ: 't',
};
const WITHIN_USERNAMES: Record<string, string> = { 0: 'o', 1: 'l', m: 'rn', w: 'vv', d: 'cl' };
const mapEach = (text: string, table: Record<string, string>) => Array.from(text, (character) => table[character] ?? character).join('');
const skeleton = (name: string) => mapEach(mapEach(normalise(name).normalize('NFD').replace(/\p{M}/gu, ''), LATIN_LOOK_ALIKES), WITHIN_USERNAMES);

/** The unique name columns, and their width, that sign-in and sign-up compare. */
const NAME_COLUMNS = [
  ['accounts', 'username', 64],
  ['accounts', 'email', 254],
  ['users', 'username', 64],
  ['users', 'email', 254],
] as const;

/**
 * Rewrites a unique column normalised. Two rows that become one name are not merged or renamed:
 * either would hand one person's sign-in to another or change a name someone signs in with,
 * unseen. The migration stops instead, naming the rows (ids only: no names in logs), for the
 * deployer to rename one by hand and run it again.
 */
async function normaliseUniqueColumn(db: Kysely<any>, table: string, column: string): Promise<void> {
  const rows: { id: string; value: string }[] = await db.selectFrom(table).select(['id', `${column} as value`]).execute();
  const holders = new Map<string, string[]>();
  for (const row of rows) holders.set(normalise(row.value), [...(holders.get(normalise(row.value)) ?? []), row.id]);
  const collisions = [...holders.values()].filter((ids) => ids.length > 1);
  if (collisions.length > 0) {
    const listed = collisions.map((ids) => ids.join(' and ')).join('; ');
    throw new Error(`${table}.${column}: these rows have one ${column} once normalised (NFKC, case folded): ${listed}. Rename one of each by hand, then migrate again.`);
  }
  for (const row of rows) {
    if (normalise(row.value) !== row.value) await db.updateTable(table).set({ [column]: normalise(row.value) }).where('id', '=', row.id).execute();
  }
}

/**
 * Usernames and e-mails stored normalised (docs/decisions/0041); on MySQL compared byte for byte
 * (utf8mb4_bin), so `ownerç` no longer finds `ownerc` through utf8mb4_unicode_ci. A new column
 * `accounts.username_skeleton`, unique, refuses look-alike usernames on sign-up. Where existing
 * usernames already share a skeleton, the oldest account holds it and the others keep their
 * names with no skeleton (NULL, which a unique index allows many times): their look-alikes
 * are refused all the same, since they share the oldest one's skeleton.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  for (const [table, column] of NAME_COLUMNS) await normaliseUniqueColumn(db, table, column);
  const invitations: { id: string; email: string }[] = await db.selectFrom('invitations').select(['id', 'email']).execute();
  for (const { id, email } of invitations) {
    if (normalise(email) !== email) await db.updateTable('invitations').set({ email: normalise(email) }).where('id', '=', id).execute();
  }
  if (mysql) {
    for (const [table, column, width] of NAME_COLUMNS) {
      await sql`alter table ${sql.table(table)} modify ${sql.ref(column)} varchar(${sql.lit(width)}) character set utf8mb4 collate utf8mb4_bin not null`.execute(db);
    }
  }

  await db.schema.alterTable('accounts').addColumn('username_skeleton', 'varchar(128)').execute();
  const accounts: { id: string; username: string }[] = await db.selectFrom('accounts').select(['id', 'username']).orderBy('created_at').orderBy('id').execute();
  const taken = new Set<string>();
  for (const { id, username } of accounts) {
    if (taken.has(skeleton(username))) continue;
    taken.add(skeleton(username));
    await db.updateTable('accounts').set({ username_skeleton: skeleton(username) }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('accounts_username_skeleton_unique').on('accounts').column('username_skeleton').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const dropIndex = db.schema.dropIndex('accounts_username_skeleton_unique');
  await (mysql ? dropIndex.on('accounts') : dropIndex).execute();
  await db.schema.alterTable('accounts').dropColumn('username_skeleton').execute();
  if (mysql) {
    for (const [table, column, width] of NAME_COLUMNS) {
      await sql`alter table ${sql.table(table)} modify ${sql.ref(column)} varchar(${sql.lit(width)}) character set utf8mb4 collate utf8mb4_unicode_ci not null`.execute(db);
    }
  }
}
