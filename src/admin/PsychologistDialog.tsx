import { useId, useState } from 'react';
import { zonePlace } from '../../domain/time-zone-places';
import {
  BUFFER_MINUTES,
  MINIMUM_ADVANCE_HOURS,
  CANCELLATION_NOTICE_HOURS,
  PRICE_PER_HOUR,
  type Psychologist,
  PSYCHOLOGIST_TEXT_LIMITS,
  PSYCHOLOGIST_TIMEZONES,
  type PsychologistTimezone,
  SLOT_DURATION_MINUTES,
} from '../../domain/psychologist';
import { TextField } from '../components/TextField';
import { useI18nContext } from '../../i18n/i18n-react';
import { formErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { Field, NumberField, TextAreaField } from './Field';
import { Modal } from '../components/Modal';
import {
  canSavePsychologist,
  NEW_PSYCHOLOGIST_DRAFT,
  type PsychologistDraft,
  psychologistDraftOf,
  psychologistFieldsOf,
} from './psychologist-draft';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';
import { DialogActions } from './DialogActions';
import { SessionPlaceFields } from './SessionPlaceFields';

/** The dialog's fields, named as the input names them. */
const PSYCHOLOGIST_FORM = {
  fields: [
    'name',
    'jobTitle',
    'description',
    'jobTitleMs',
    'descriptionMs',
    'email',
    'imageUrl',
    'pricePerHour',
    'slotDurationMinutes',
    'bufferMinutes',
    'minimumAdvanceHours',
    'cancellationNoticeHours',
    'timezone',
    'sessionPlace.mode',
    'sessionPlace.address',
    'sessionPlace.videoUrl',
  ],
};

interface Props {
  /** The psychologist being edited, or null to add one. */
  psychologist: Psychologist | null;
  onClose: () => void;
}

/** Add or edit a psychologist. */
export function PsychologistDialog({ psychologist, onClose }: Props) {
  const { LL } = useI18nContext();
  const t = LL.admin.psychologistDialog;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const requiredHintId = useId();
  const [draft, setDraft] = useState<PsychologistDraft>(() =>
    psychologist ? psychologistDraftOf(psychologist) : NEW_PSYCHOLOGIST_DRAFT,
  );
  const set = <K extends keyof PsychologistDraft>(field: K) => (value: PsychologistDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const saved = (message: string) => {
    refreshSchedule();
    toast.success(message);
    onClose();
  };
  const create = trpc.admin.psychologists.create.useMutation({
    onSuccess: () => saved(LL.admin.psychologists.added()),
  });
  const update = trpc.admin.psychologists.update.useMutation({
    onSuccess: () => saved(LL.admin.psychologists.updated()),
  });
  const mutation = psychologist ? update : create;
  const fallback = psychologist ? LL.admin.psychologists.updateFailed() : LL.admin.psychologists.addFailed();
  // Said in the dialog, each problem once under its field: a toast would sit behind the dialog.
  const { fields: errors, message } = formErrorsOf(mutation.error, fallback, PSYCHOLOGIST_FORM);

  function submit() {
    const fields = psychologistFieldsOf(draft);
    if (psychologist) update.mutate({ ...fields, id: psychologist.id });
    else create.mutate(fields);
  }

  const submitLabel = psychologist
    ? update.isPending ? t.updating() : t.update()
    : create.isPending ? t.adding() : t.add();

  return (
    <Modal title={psychologist ? t.editTitle() : t.addTitle()} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSavePsychologist(draft)) submit();
        }}
      >
        <p id={requiredHintId} className="text-sm text-base-content/80">
          {t.requiredHint()}
        </p>
        <TextField label={t.name()} value={draft.name} onChange={set('name')} error={errors.name} required />
        <TextField label={t.jobTitle()} value={draft.jobTitle} onChange={set('jobTitle')} error={errors.jobTitle} required />
        <TextAreaField
          label={t.description()}
          value={draft.description}
          onChange={set('description')}
          error={errors.description}
          maxLength={PSYCHOLOGIST_TEXT_LIMITS.description}
          required
        />
        <TextField label={t.jobTitleMs()} value={draft.jobTitleMs} onChange={set('jobTitleMs')} error={errors.jobTitleMs} lang="ms" />
        <TextAreaField
          label={t.descriptionMs()}
          value={draft.descriptionMs}
          onChange={set('descriptionMs')}
          error={errors.descriptionMs}
          maxLength={PSYCHOLOGIST_TEXT_LIMITS.description}
          lang="ms"
        />
        <TextField label={t.email()} type="email" value={draft.email} onChange={set('email')} error={errors.email} autoComplete="off" />
        <TextField label={t.imageUrl()} type="url" value={draft.imageUrl} onChange={set('imageUrl')} error={errors.imageUrl} />
        <NumberField
          label={t.pricePerHour()}
          value={draft.pricePerHour}
          onChange={set('pricePerHour')}
          min={PRICE_PER_HOUR.min}
          step={PRICE_PER_HOUR.step}
          error={errors.pricePerHour}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            label={t.slotDuration()}
            value={draft.slotDurationMinutes}
            onChange={set('slotDurationMinutes')}
            {...SLOT_DURATION_MINUTES}
            hint={t.slotDurationHint()}
            error={errors.slotDurationMinutes}
          />
          <NumberField
            label={t.buffer()}
            value={draft.bufferMinutes}
            onChange={set('bufferMinutes')}
            {...BUFFER_MINUTES}
            hint={t.bufferHint()}
            error={errors.bufferMinutes}
          />
          <NumberField
            label={t.minimumAdvance()}
            value={draft.minimumAdvanceHours}
            onChange={set('minimumAdvanceHours')}
            {...MINIMUM_ADVANCE_HOURS}
            hint={t.minimumAdvanceHint()}
            error={errors.minimumAdvanceHours}
          />
          <NumberField
            label={t.cancellationNotice()}
            value={draft.cancellationNoticeHours}
            onChange={set('cancellationNoticeHours')}
            {...CANCELLATION_NOTICE_HOURS}
            hint={t.cancellationNoticeHint()}
            error={errors.cancellationNoticeHours}
          />
          <Field label={t.timezone()} error={errors.timezone}>
            {(control) => (
              <select
                {...control}
                className="select w-full"
                value={draft.timezone}
                onChange={(event) => set('timezone')(event.target.value as PsychologistTimezone)}
              >
                {PSYCHOLOGIST_TIMEZONES.map((timezone) => (
                  <option key={timezone} value={timezone}>
                    {zonePlace(timezone, new Date())}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <SessionPlaceFields
          draft={draft.sessionPlace}
          onChange={set('sessionPlace')}
          none="clinic"
          errors={{ mode: errors['sessionPlace.mode'], address: errors['sessionPlace.address'], videoUrl: errors['sessionPlace.videoUrl'] }}
        />
        {message && (
          <p role="alert" className="text-sm text-error">
            {message}
          </p>
        )}
        <DialogActions>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            {LL.admin.cancel()}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!canSavePsychologist(draft) || mutation.isPending}
            aria-describedby={requiredHintId}
          >
            {submitLabel}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}
