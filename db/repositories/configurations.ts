import type { Kysely } from 'kysely';
import type { ScreenerConfiguration, TestType } from '../../domain/configuration';
import type { ConfigurationRow, Database } from '../schema';

function toConfiguration(row: ConfigurationRow): ScreenerConfiguration {
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
  };
}

export async function findConfigurationById(
  db: Kysely<Database>,
  id: string,
): Promise<ScreenerConfiguration | undefined> {
  const row = await db
    .selectFrom('screener_configurations')
    .selectAll()
    .where('id', '=', id)
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
    .selectAll()
    .where('company_slug', '=', slug)
    .executeTakeFirst();
  if (current) return toConfiguration(current);
  const previous = await db
    .selectFrom('slug_redirects')
    .innerJoin('screener_configurations as c', 'c.id', 'slug_redirects.configuration_id')
    .selectAll('c')
    .where('slug_redirects.slug', '=', slug)
    .executeTakeFirst();
  return previous && toConfiguration(previous);
}
