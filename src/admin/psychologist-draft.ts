import { PSYCHOLOGIST_DEFAULTS, type Psychologist, type PsychologistTimezone } from '../../domain/psychologist';
import type { RouterInputs } from '../lib/trpc';
import { type SessionPlaceDraft, sessionPlaceDraftOf, sessionPlaceSettingOf } from './session-place-draft';

/** The add/edit psychologist dialog as its inputs hold it. */
export interface PsychologistDraft {
  name: string;
  jobTitle: string;
  description: string;
  jobTitleMs: string;
  descriptionMs: string;
  email: string;
  imageUrl: string;
  pricePerHour: string;
  slotDurationMinutes: string;
  bufferMinutes: string;
  minimumAdvanceHours: string;
  cancellationNoticeHours: string;
  timezone: PsychologistTimezone;
  /** Their own place of sessions; no mode follows the clinic's. */
  sessionPlace: SessionPlaceDraft;
}

/** A new psychologist starts with the product's defaults. */
export const NEW_PSYCHOLOGIST_DRAFT: PsychologistDraft = {
  name: '',
  jobTitle: '',
  description: '',
  jobTitleMs: '',
  descriptionMs: '',
  email: '',
  imageUrl: '',
  pricePerHour: '',
  slotDurationMinutes: String(PSYCHOLOGIST_DEFAULTS.slotDurationMinutes),
  bufferMinutes: String(PSYCHOLOGIST_DEFAULTS.bufferMinutes),
  minimumAdvanceHours: String(PSYCHOLOGIST_DEFAULTS.minimumAdvanceHours),
  cancellationNoticeHours: String(PSYCHOLOGIST_DEFAULTS.cancellationNoticeHours),
  timezone: PSYCHOLOGIST_DEFAULTS.timezone,
  sessionPlace: sessionPlaceDraftOf(null),
};

/** Editing pre-fills the dialog with the psychologist. */
export function psychologistDraftOf(psychologist: Psychologist): PsychologistDraft {
  return {
    name: psychologist.name,
    jobTitle: psychologist.jobTitle,
    description: psychologist.description,
    jobTitleMs: psychologist.jobTitleMs,
    descriptionMs: psychologist.descriptionMs,
    email: psychologist.email,
    imageUrl: psychologist.imageUrl ?? '',
    pricePerHour: psychologist.pricePerHour ?? '',
    slotDurationMinutes: String(psychologist.slotDurationMinutes),
    bufferMinutes: String(psychologist.bufferMinutes),
    minimumAdvanceHours: String(psychologist.minimumAdvanceHours),
    cancellationNoticeHours: String(psychologist.cancellationNoticeHours),
    timezone: psychologist.timezone,
    sessionPlace: sessionPlaceDraftOf(psychologist.sessionPlace),
  };
}

/** Save stays disabled until name, job title and description are filled. */
export function canSavePsychologist(draft: PsychologistDraft): boolean {
  return draft.name.trim() !== '' && draft.jobTitle.trim() !== '' && draft.description.trim() !== '';
}

/** A blank number goes as NaN, so the server names the field's range instead of saving a 0. */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The REST body: imageUrl null when empty, pricePerHour a number or null. */
export function psychologistFieldsOf(draft: PsychologistDraft): RouterInputs['admin']['psychologists']['create'] {
  return {
    ...draft,
    imageUrl: draft.imageUrl.trim() || null,
    pricePerHour: draft.pricePerHour.trim() === '' ? null : Number(draft.pricePerHour),
    slotDurationMinutes: numberOf(draft.slotDurationMinutes),
    bufferMinutes: numberOf(draft.bufferMinutes),
    minimumAdvanceHours: numberOf(draft.minimumAdvanceHours),
    cancellationNoticeHours: numberOf(draft.cancellationNoticeHours),
    sessionPlace: sessionPlaceSettingOf(draft.sessionPlace),
  };
}
