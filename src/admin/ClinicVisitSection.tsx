import { useState } from 'react';
import type { VisitorContact } from '../../domain/session-place';
import { useI18nContext } from '../../i18n/i18n-react';
import { formErrorsOf } from '../lib/form-errors';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { Field } from './Field';
import { type SessionPlaceDraft, sessionPlaceDraftOf, sessionPlaceSettingOf } from './session-place-draft';
import { SessionPlaceFields } from './SessionPlaceFields';
import { useAdminToast } from './useAdminToast';

const FORM = { fields: ['place.mode', 'place.address', 'place.videoUrl', 'contact.phone', 'contact.whatsApp', 'contact.email'] };

type ContactDraft = Record<keyof VisitorContact, string>;

/** The clinic's default place of sessions and how visitors reach it (docs/decisions/0049), saved with one button. */
export function ClinicVisitSection() {
  const saved = trpc.admin.sessionPlace.get.useQuery();
  if (!saved.data) return null;
  return <ClinicVisitForm saved={saved.data} />;
}

function ClinicVisitForm({ saved }: { saved: RouterOutputs['admin']['sessionPlace']['get'] }) {
  const { LL } = useI18nContext();
  const t = LL.admin.sessionPlace;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [place, setPlace] = useState<SessionPlaceDraft>(() => sessionPlaceDraftOf(saved.place));
  const [contact, setContact] = useState<ContactDraft>(() => ({
    phone: saved.contact.phone ?? '',
    whatsApp: saved.contact.whatsApp ?? '',
    email: saved.contact.email ?? '',
  }));
  const save = trpc.admin.sessionPlace.update.useMutation({
    onSuccess: (settings) => {
      utils.admin.sessionPlace.get.setData(undefined, settings);
      toast.success(t.saved());
    },
  });
  const { fields: errors, message } = formErrorsOf(save.error, t.failed(), FORM);
  const contactField = (field: keyof ContactDraft, label: string) => (
    <Field label={label} hint={field === 'email' ? undefined : t.numberHint()} error={errors[`contact.${field}`]}>
      {(control) => (
        <input
          {...control}
          type={field === 'email' ? 'email' : 'tel'}
          className={`input w-full ${errors[`contact.${field}`] ? 'input-error' : ''}`}
          value={contact[field]}
          onChange={(event) => setContact({ ...contact, [field]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ place: sessionPlaceSettingOf(place), contact });
        }}
      >
        <SessionPlaceFields
          draft={place}
          onChange={setPlace}
          none="unset"
          errors={{ mode: errors['place.mode'], address: errors['place.address'], videoUrl: errors['place.videoUrl'] }}
        />
        <h3 className="font-semibold">{t.contactTitle()}</h3>
        {contactField('phone', t.phone())}
        {contactField('whatsApp', t.whatsApp())}
        {contactField('email', t.email())}
        {message && (
          <p role="alert" className="text-sm text-error">
            {message}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t.saving() : t.save()}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}
