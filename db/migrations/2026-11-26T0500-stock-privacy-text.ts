import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

const BEFORE =
  'Your answers are anonymous: no name or login is needed to take the screener\nYour answers are used only to prepare your results and wellbeing tips\nContact details are asked for only if you choose to book an appointment';
const AFTER =
  'Your answers are anonymous: no name or login is needed to take the screener\nYour answers are used to prepare your results and wellbeing tips, and reach the clinic only if you choose to share your results when you book an appointment\nContact details are asked for only if you choose to book an appointment';

/**
 * The stock privacy text promised that answers served the results and tips only, while a visitor
 * may share them with the clinic when booking (issue 15, decision 0029). Screeners that still
 * hold the stock words get the new stock words, so they stay recognised as stock and shown
 * translated on the Malay route; a clinic's own wording is left as it wrote it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('screener_configurations').set({ privacy_section_content: AFTER }).where('privacy_section_content', '=', BEFORE).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('screener_configurations').set({ privacy_section_content: BEFORE }).where('privacy_section_content', '=', AFTER).execute();
}
