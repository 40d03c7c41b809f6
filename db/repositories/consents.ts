import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { asDate } from '../dates';
import type { Database } from '../schema';

/** A consent as given, with the exact text it was given to. */
export interface Consent {
  kind: string;
  version: string;
  language: string;
  text: string;
  givenAt: Date;
}

/** A text's version: its SHA-256, so the same words are always the same version. */
function consentVersionOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Records consents of an appointment, keeping each text once under its version: a clinic can
 * show what a visitor agreed to after the text changed. Pass the booking's transaction.
 * Answers the consents recorded, with their versions.
 */
export async function recordConsents(
  db: Kysely<Database>,
  dialect: DialectName,
  given: { userId: string; appointmentId: string; language: string; consents: readonly { kind: string; text: string; givenAt: Date }[]; now: Date },
): Promise<Consent[]> {
  const recorded: Consent[] = [];
  for (const consent of given.consents) {
    const version = consentVersionOf(consent.text);
    const text = db.insertInto('consent_texts').values({ version, kind: consent.kind, language: given.language, text: consent.text, first_shown_at: given.now });
    await (dialect === 'mysql' ? text.ignore() : text.onConflict((oc) => oc.column('version').doNothing())).execute();
    await db
      .insertInto('consent_records')
      .values({ id: randomUUID(), user_id: given.userId, appointment_id: given.appointmentId, kind: consent.kind, text_version: version, given_at: consent.givenAt })
      .execute();
    recorded.push({ ...consent, version, language: given.language });
  }
  return recorded;
}

/** The consents given for an appointment, oldest first, with their texts. */
export async function consentsOf(db: Kysely<Database>, appointmentId: string): Promise<Consent[]> {
  const rows = await db
    .selectFrom('consent_records as r')
    .innerJoin('consent_texts as t', 't.version', 'r.text_version')
    .select(['r.kind', 'r.text_version', 't.language', 't.text', 'r.given_at'])
    .where('r.appointment_id', '=', appointmentId)
    .orderBy('r.given_at')
    .orderBy('r.kind')
    .execute();
  return rows.map((row) => ({ kind: row.kind, version: row.text_version, language: row.language, text: row.text, givenAt: asDate(row.given_at) }));
}
