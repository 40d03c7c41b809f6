import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STOCK_CONSENT_TEXTS } from '../../domain/configuration';
import type { Database } from '../schema';

/** Inserts an operator with a configuration; tests override what they care about. */
export async function insertOperator(
  db: Kysely<Database>,
  overrides: { username?: string; companySlug?: string | null; sessionVersion?: number } = {},
) {
  const now = new Date();
  const userId = randomUUID();
  const configurationId = randomUUID();
  const username = overrides.username ?? `operator-${userId.slice(0, 8)}`;
  await db
    .insertInto('users')
    .values({
      id: userId,
      username,
      email: `${username}@clinic.example`,
      password_hash: 'not-a-real-hash',
      session_version: overrides.sessionVersion ?? 1,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('screener_configurations')
    .values({
      id: configurationId,
      user_id: userId,
      test_type: 'Combined',
      app_title: 'Klinik Test Screener',
      app_description: 'Test description',
      logo_url: 'https://clinic.example/logo.png',
      company_name: 'Klinik Test',
      company_slug: overrides.companySlug === undefined ? `klinik-${userId.slice(0, 8)}` : overrides.companySlug,
      minimum_age: 18,
      important_section_content: 'Important: custom text',
      what_this_does_content: STOCK_CONSENT_TEXTS.whatThisDoesContent,
      privacy_section_content: STOCK_CONSENT_TEXTS.privacySectionContent,
      enable_malay_translation: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { userId, configurationId, username };
}

export async function insertPsychologist(db: Kysely<Database>, userId: string) {
  const id = randomUUID();
  const now = new Date();
  await db
    .insertInto('psychologists')
    .values({
      id,
      user_id: userId,
      name: 'Dr. Test',
      job_title: 'Clinical Psychologist',
      description: 'Test',
      email: 'dr.test@clinic.example',
      image_url: null,
      price_cents: 12050,
      slot_duration_minutes: 60,
      buffer_minutes: 0,
      minimum_advance_hours: 2,
      timezone: 'Asia/Kuala_Lumpur',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
