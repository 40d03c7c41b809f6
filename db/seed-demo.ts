import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STOCK_CONSENT_TEXTS, WHITE_LABEL_DEFAULTS } from '../domain/configuration';
import { generateSlotTimes } from '../domain/slots';
import { insertConfiguration } from './repositories/configurations';
import { insertAccount } from './repositories/accounts';
import { markEmailVerified } from './repositories/email-verifications';
import { insertMembership } from './repositories/memberships';
import type { Database } from './schema';
import { DAY_MS } from '../domain/time';

export const DEMO_OPERATOR = {
  username: 'demo',
  password: 'minda-demo',
  email: 'demo@minda.example',
} as const;
export const DEMO_SLUG = 'klinik-minda';

const TIMEZONE = 'Asia/Kuala_Lumpur';

/**
 * Gives a new embedded database something to show: one operator with a branded screener
 * and two psychologists with weekday slots over the next 14 days. Does nothing when any
 * operator exists, so it never touches real data.
 */
export async function seedDemo(db: Kysely<Database>, passwordHash: string, now: Date): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const userId = randomUUID();
  const psychologists = [
    {
      name: 'Dr. Aisyah Rahman',
      job_title: 'Clinical Psychologist',
      description: 'Supports adults with anxiety, low mood and stress at work. Sessions in English or Malay.',
      price_cents: 15000,
    },
    {
      name: 'Daniel Tan',
      job_title: 'Counsellor',
      description: 'Licensed counsellor helping young adults with study stress, relationships and self-esteem.',
      price_cents: 9000,
    },
  ].map((p) => ({
    ...p,
    id: randomUUID(),
    user_id: userId,
    email: `${p.name.split(' ').at(-1)!.toLowerCase()}@klinik-minda.example`,
    image_url: null,
    slot_duration_minutes: 60,
    buffer_minutes: 0,
    minimum_advance_hours: 2,
    timezone: TIMEZONE,
    created_at: now,
    updated_at: now,
  }));
  const dates = { from: new Date(now.getTime() + DAY_MS), to: new Date(now.getTime() + 14 * DAY_MS) };
  const slotTimes = generateSlotTimes({
    startDate: dates.from.toISOString().slice(0, 10),
    endDate: dates.to.toISOString().slice(0, 10),
    startTime: '09:00',
    endTime: '17:00',
    daysOfWeek: [1, 2, 3, 4, 5],
    timezone: TIMEZONE,
    slotDurationMinutes: 60,
    bufferMinutes: 0,
  });

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: userId,
        username: DEMO_OPERATOR.username,
        email: DEMO_OPERATOR.email,
        // The demo's visitors type made-up addresses: its bookings count in one step. A new
        // clinic asks its visitors to confirm their e-mail (the column's default).
        confirm_visitor_email: false,
        created_at: now,
      })
      .execute();
    // The demo clinic's owner, with the clinic's id as every migrated owner has; its address
    // counts as verified, so the demo shows inviting and webhooks (docs/decisions/0039).
    await insertAccount(trx, { id: userId, username: DEMO_OPERATOR.username, email: DEMO_OPERATOR.email, passwordHash, createdAt: now });
    await markEmailVerified(trx, userId, DEMO_OPERATOR.email, now);
    await insertMembership(trx, { accountId: userId, clinicId: userId, role: 'owner', psychologistId: null, createdAt: now });
    await insertConfiguration(trx, {
      id: randomUUID(),
      userId,
      now,
      values: {
        ...STOCK_CONSENT_TEXTS,
        ...WHITE_LABEL_DEFAULTS,
        testType: 'DASS-21',
        appTitle: 'Klinik Minda Wellbeing Check',
        appDescription: 'A short, private check-in on how you have been feeling, from Klinik Minda Sejahtera.',
        logoUrl: '/demo-logo.svg',
        companyName: 'Klinik Minda',
        companySlug: DEMO_SLUG,
        minimumAge: 16,
        enableMalayTranslation: true,
        aiInsightsEnabled: true,
        // A made-up number could be a stranger's: the demo shows the national lines only.
        crisisContact: null,
      },
    });
    await trx.insertInto('psychologists').values(psychologists).execute();
    await trx
      .insertInto('availability_slots')
      .values(
        psychologists.flatMap((p) =>
          slotTimes.map((s) => ({
            id: randomUUID(),
            psychologist_id: p.id,
            start_utc: s.startUtc,
            end_utc: s.endUtc,
            created_at: now,
          })),
        ),
      )
      .execute();
  });
  return true;
}

/**
 * The password hashes of accounts that may be the demo operator: its username or its e-mail.
 * Production checks them at boot (server/demo-account-guard.ts).
 */
export async function demoAccountPasswordHashes(db: Kysely<Database>): Promise<string[]> {
  const accounts = await db
    .selectFrom('accounts')
    .select('password_hash')
    .where((eb) => eb.or([eb('username', '=', DEMO_OPERATOR.username), eb('email', '=', DEMO_OPERATOR.email)]))
    .execute();
  return accounts.map((account) => account.password_hash);
}
