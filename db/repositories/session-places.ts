import type { Kysely } from 'kysely';
import {
  type SessionMode,
  type SessionPlace,
  type SessionPlaceSetting,
  sessionPlaceOf,
  type VisitorContact,
} from '../../domain/session-place';
import type { Database } from '../schema';

/** The three place columns as one table stores them (screener_configurations, psychologists). */
interface PlaceColumns {
  session_mode: string | null;
  session_address: string | null;
  session_video_url: string | null;
}

export function placeSettingOf(row: PlaceColumns): SessionPlaceSetting | null {
  if (row.session_mode === null) return null;
  return { mode: row.session_mode as SessionMode, address: row.session_address, videoUrl: row.session_video_url };
}

export function placeColumnsOf(setting: SessionPlaceSetting | null): PlaceColumns {
  return {
    session_mode: setting?.mode ?? null,
    session_address: setting?.mode === 'address' ? setting.address : null,
    session_video_url: setting?.mode === 'online' ? setting.videoUrl : null,
  };
}

/** The clinic's contact columns, each number falling back to its crisis contact's (domain/session-place.ts). */
interface ContactColumns {
  contact_phone: string | null;
  contact_whatsapp: string | null;
  contact_email: string | null;
  crisis_contact_phone: string | null;
  crisis_contact_whatsapp: string | null;
}

function visitorContactOf(row: ContactColumns): VisitorContact {
  return {
    phone: row.contact_phone ?? row.crisis_contact_phone,
    whatsApp: row.contact_whatsapp ?? row.crisis_contact_whatsapp,
    email: row.contact_email,
  };
}

/** What an appointment's row and its clinic's and psychologist's rows say about where and whom to contact. */
export interface VisitColumns extends ContactColumns {
  clinic_session_mode: string | null;
  clinic_session_address: string | null;
  clinic_session_video_url: string | null;
  psychologist_session_mode: string | null;
  psychologist_session_address: string | null;
  psychologist_session_video_url: string | null;
  video_url: string | null;
}

/** Where the session is and how to reach the clinic, read from the columns `VISIT_COLUMNS` selects. */
export function visitOf(row: VisitColumns): { place: SessionPlace | null; visitorContact: VisitorContact } {
  const clinic = placeSettingOf({ session_mode: row.clinic_session_mode, session_address: row.clinic_session_address, session_video_url: row.clinic_session_video_url });
  const psychologist = placeSettingOf({
    session_mode: row.psychologist_session_mode,
    session_address: row.psychologist_session_address,
    session_video_url: row.psychologist_session_video_url,
  });
  return {
    place: sessionPlaceOf(clinic, psychologist, row.video_url),
    visitorContact: visitorContactOf(row),
  };
}

/** The columns `visitOf` reads, from a query that joins the clinic's configuration as `c` and the psychologist as `p`. */
export const VISIT_COLUMNS = [
  'c.session_mode as clinic_session_mode',
  'c.session_address as clinic_session_address',
  'c.session_video_url as clinic_session_video_url',
  'c.contact_phone',
  'c.contact_whatsapp',
  'c.contact_email',
  'c.crisis_contact_phone',
  'c.crisis_contact_whatsapp',
  'p.session_mode as psychologist_session_mode',
  'p.session_address as psychologist_session_address',
  'p.session_video_url as psychologist_session_video_url',
] as const;

/** Where a new appointment with this psychologist happens, before it has a link of its own. */
export async function findVisitOf(db: Kysely<Database>, userId: string, psychologistId: string) {
  const row = await db
    .selectFrom('psychologists as p')
    .leftJoin('screener_configurations as c', 'c.user_id', 'p.user_id')
    .select(VISIT_COLUMNS)
    .where('p.id', '=', psychologistId)
    .where('p.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return visitOf({ ...row, video_url: null });
}

/** The clinic's default place and its contact details as it saved them (no fallback). */
export interface ClinicVisitSettings {
  place: SessionPlaceSetting | null;
  contact: VisitorContact;
}

export async function findClinicVisitSettings(db: Kysely<Database>, userId: string): Promise<ClinicVisitSettings | undefined> {
  const row = await db
    .selectFrom('screener_configurations')
    .select(['session_mode', 'session_address', 'session_video_url', 'contact_phone', 'contact_whatsapp', 'contact_email'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      place: placeSettingOf(row),
      contact: { phone: row.contact_phone, whatsApp: row.contact_whatsapp, email: row.contact_email },
    }
  );
}

/** Saves them on the clinic's configuration; false when it has none yet. */
export async function updateClinicVisitSettings(db: Kysely<Database>, userId: string, settings: ClinicVisitSettings, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('screener_configurations')
    .set({
      ...placeColumnsOf(settings.place),
      contact_phone: settings.contact.phone,
      contact_whatsapp: settings.contact.whatsApp,
      contact_email: settings.contact.email,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An appointment's own video link. */
export async function updateAppointmentVideoUrl(db: Kysely<Database>, userId: string, appointmentId: string, videoUrl: string | null, now: Date): Promise<void> {
  await db.updateTable('appointments').set({ video_url: videoUrl, updated_at: now }).where('id', '=', appointmentId).where('user_id', '=', userId).execute();
}
