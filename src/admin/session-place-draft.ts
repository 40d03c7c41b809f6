import type { SessionMode, SessionPlaceSetting } from '../../domain/session-place';

/** The place fields as the inputs hold them: '' for no mode of its own (not said, or the clinic's). */
export interface SessionPlaceDraft {
  mode: SessionMode | '';
  address: string;
  videoUrl: string;
}

export function sessionPlaceDraftOf(setting: SessionPlaceSetting | null): SessionPlaceDraft {
  return { mode: setting?.mode ?? '', address: setting?.address ?? '', videoUrl: setting?.videoUrl ?? '' };
}

/** What the API takes: null without a mode; the server drops the other mode's field. */
export function sessionPlaceSettingOf(draft: SessionPlaceDraft): SessionPlaceSetting | null {
  if (draft.mode === '') return null;
  return { mode: draft.mode, address: draft.address.trim() || null, videoUrl: draft.videoUrl.trim() || null };
}
