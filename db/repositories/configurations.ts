import type { Kysely } from 'kysely';
import type { ScreenerConfiguration, TestType } from '../../domain/configuration';
import type { ConfigurationRow, Database } from '../schema';

const COLUMNS = [
  'id',
  'user_id',
  'test_type',
  'app_title',
  'app_description',
  'logo_url',
  'company_name',
  'company_slug',
  'minimum_age',
  'important_section_content',
  'what_this_does_content',
  'privacy_section_content',
  'enable_malay_translation',
  'ai_insights_enabled',
  'crisis_contact_name',
  'crisis_contact_phone',
  'crisis_contact_whatsapp',
  'primary_color',
  'logo_hash',
  'hide_powered_by',
  'app_title_ms',
  'app_description_ms',
  'important_section_content_ms',
  'what_this_does_content_ms',
  'privacy_section_content_ms',
] as const;

/** Where an uploaded logo is served; the hash in the query makes a new upload a new address for every cache. */
export const uploadedLogoPath = (configurationId: string, hash: string) => `/api/public/logo/${configurationId}?v=${hash.slice(0, 16)}`;

function toConfiguration(row: Pick<ConfigurationRow, (typeof COLUMNS)[number]>): ScreenerConfiguration {
  return {
    id: row.id,
    userId: row.user_id,
    testType: row.test_type as TestType,
    appTitle: row.app_title,
    appDescription: row.app_description,
    logoUrl: row.logo_url,
    companyName: row.company_name,
    companySlug: row.company_slug,
    minimumAge: row.minimum_age,
    importantSectionContent: row.important_section_content,
    whatThisDoesContent: row.what_this_does_content,
    privacySectionContent: row.privacy_section_content,
    enableMalayTranslation: Boolean(row.enable_malay_translation),
    aiInsightsEnabled: Boolean(row.ai_insights_enabled),
    crisisContact:
      row.crisis_contact_name === null
        ? null
        : { name: row.crisis_contact_name, phone: row.crisis_contact_phone, whatsApp: row.crisis_contact_whatsapp },
    primaryColor: row.primary_color,
    uploadedLogoUrl: row.logo_hash === null ? null : uploadedLogoPath(row.id, row.logo_hash),
    hidePoweredBy: Boolean(row.hide_powered_by),
    appTitleMs: row.app_title_ms ?? '',
    appDescriptionMs: row.app_description_ms ?? '',
    importantSectionContentMs: row.important_section_content_ms ?? '',
    whatThisDoesContentMs: row.what_this_does_content_ms ?? '',
    privacySectionContentMs: row.privacy_section_content_ms ?? '',
  };
}

/** What an operator saves: everything but the ids and the uploaded logo (saveLogo). */
export type ConfigurationValues = Omit<ScreenerConfiguration, 'id' | 'userId' | 'uploadedLogoUrl'>;

/** A blank Malay text is none: the English one shows. */
const malayText = (value: string) => (value.trim() === '' ? null : value);

function toRow(values: ConfigurationValues) {
  return {
    test_type: values.testType,
    app_title: values.appTitle,
    app_description: values.appDescription,
    logo_url: values.logoUrl,
    company_name: values.companyName,
    company_slug: values.companySlug,
    minimum_age: values.minimumAge,
    important_section_content: values.importantSectionContent,
    what_this_does_content: values.whatThisDoesContent,
    privacy_section_content: values.privacySectionContent,
    enable_malay_translation: values.enableMalayTranslation,
    ai_insights_enabled: values.aiInsightsEnabled,
    crisis_contact_name: values.crisisContact?.name ?? null,
    crisis_contact_phone: values.crisisContact?.phone ?? null,
    crisis_contact_whatsapp: values.crisisContact?.whatsApp ?? null,
    primary_color: values.primaryColor,
    hide_powered_by: values.hidePoweredBy,
    app_title_ms: malayText(values.appTitleMs),
    app_description_ms: malayText(values.appDescriptionMs),
    important_section_content_ms: malayText(values.importantSectionContentMs),
    what_this_does_content_ms: malayText(values.whatThisDoesContentMs),
    privacy_section_content_ms: malayText(values.privacySectionContentMs),
  };
}

export async function findConfigurationById(
  db: Kysely<Database>,
  id: string,
): Promise<ScreenerConfiguration | undefined> {
  const row = await db.selectFrom('screener_configurations').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toConfiguration(row);
}

/** The operator's own configuration; each operator has at most one. */
export async function findConfigurationOfOperator(
  db: Kysely<Database>,
  userId: string,
): Promise<ScreenerConfiguration | undefined> {
  const row = await db
    .selectFrom('screener_configurations')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toConfiguration(row);
}

/** The current slug first; then a slug the operator used before renaming their company. */
export async function findConfigurationBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<ScreenerConfiguration | undefined> {
  const current = await db
    .selectFrom('screener_configurations')
    .select(COLUMNS)
    .where('company_slug', '=', slug)
    .executeTakeFirst();
  if (current) return toConfiguration(current);
  const previous = await db
    .selectFrom('slug_redirects')
    .innerJoin('screener_configurations as c', 'c.id', 'slug_redirects.configuration_id')
    .select(COLUMNS.map((column) => `c.${column}` as const))
    .where('slug_redirects.slug', '=', slug)
    .executeTakeFirst();
  return previous && toConfiguration(previous);
}

export async function insertConfiguration(
  db: Kysely<Database>,
  configuration: { id: string; userId: string; values: ConfigurationValues; now: Date },
): Promise<void> {
  const { id, userId, values, now } = configuration;
  await db
    .insertInto('screener_configurations')
    .values({ id, user_id: userId, ...toRow(values), created_at: now, updated_at: now })
    .execute();
}

export async function updateConfiguration(
  db: Kysely<Database>,
  id: string,
  values: ConfigurationValues,
  now: Date,
): Promise<void> {
  await db
    .updateTable('screener_configurations')
    .set({ ...toRow(values), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export interface StoredLogo {
  data: Buffer;
  contentType: string;
  hash: string;
}

/** Replaces the configuration's uploaded logo, or removes it (null). */
export async function saveLogo(db: Kysely<Database>, id: string, logo: StoredLogo | null, now: Date): Promise<void> {
  await db
    .updateTable('screener_configurations')
    .set({ logo_data: logo?.data ?? null, logo_type: logo?.contentType ?? null, logo_hash: logo?.hash ?? null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function findLogo(db: Kysely<Database>, id: string): Promise<StoredLogo | undefined> {
  const row = await db
    .selectFrom('screener_configurations')
    .select(['logo_data', 'logo_type', 'logo_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.logo_data || !row.logo_type || !row.logo_hash) return undefined;
  return { data: Buffer.from(row.logo_data), contentType: row.logo_type, hash: row.logo_hash };
}
