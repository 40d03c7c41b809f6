import { SESSION_MODES, SESSION_PLACE_LIMITS, type SessionMode } from '../../domain/session-place';
import { useI18nContext } from '../../i18n/i18n-react';
import { Field } from './Field';
import type { SessionPlaceDraft } from './session-place-draft';

interface Props {
  draft: SessionPlaceDraft;
  onChange: (draft: SessionPlaceDraft) => void;
  /** What no mode of its own means here: 'unset' for the clinic, 'clinic' for a psychologist, who then follows it. */
  none: 'unset' | 'clinic';
  /** Field problems keyed by the field's name under the place (mode, address, videoUrl). */
  errors: Partial<Record<keyof SessionPlaceDraft, string>>;
}

/** How sessions happen: the mode, then the address or the video link it asks for. */
export function SessionPlaceFields({ draft, onChange, none, errors }: Props) {
  const { LL } = useI18nContext();
  const t = LL.admin.sessionPlace;
  const set = (field: keyof SessionPlaceDraft) => (value: string) => onChange({ ...draft, [field]: value });
  return (
    <>
      <Field label={t.mode()} error={errors.mode}>
        {(control) => (
          <select {...control} className="select w-full" value={draft.mode} onChange={(event) => set('mode')(event.target.value as SessionMode | '')}>
            <option value="">{none === 'clinic' ? t.modeClinic() : t.modeUnset()}</option>
            {SESSION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t.modes[mode]()}
              </option>
            ))}
          </select>
        )}
      </Field>
      {draft.mode === 'address' && (
        <Field label={t.address()} error={errors.address}>
          {(control) => (
            <textarea
              {...control}
              className={`textarea w-full ${errors.address ? 'textarea-error' : ''}`}
              rows={2}
              maxLength={SESSION_PLACE_LIMITS.address}
              value={draft.address}
              onChange={(event) => set('address')(event.target.value)}
            />
          )}
        </Field>
      )}
      {draft.mode === 'online' && (
        <Field label={t.videoUrl()} hint={t.videoUrlHint()} error={errors.videoUrl}>
          {(control) => (
            <input
              {...control}
              type="url"
              className={`input w-full ${errors.videoUrl ? 'input-error' : ''}`}
              value={draft.videoUrl}
              onChange={(event) => set('videoUrl')(event.target.value)}
            />
          )}
        </Field>
      )}
    </>
  );
}
