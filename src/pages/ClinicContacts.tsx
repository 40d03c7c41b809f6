import { clinicContactPoints } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';
import type { RouterOutputs } from '../lib/trpc';

type OwnAppointment = RouterOutputs['public']['ownAppointment']['view'];

/** How the visitor reaches the clinic itself, where their link can no longer change the appointment. */
export function ClinicContacts({ appointment }: { appointment: Pick<OwnAppointment, 'clinicName' | 'clinicContact'> }) {
  const { LL } = useI18nContext();
  const text = LL.booking;
  const { email, phone, whatsApp } = appointment.clinicContact;
  const links = clinicContactPoints({ name: appointment.clinicName, phone, whatsApp });
  return (
    <section className="flex flex-col gap-1 rounded-box bg-base-200 p-3" aria-labelledby="clinic-contacts-title">
      <h2 id="clinic-contacts-title" className="font-semibold">
        {text.manageClinicContacts({ clinic: appointment.clinicName })}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt>{text.manageClinicEmail()}</dt>
        <dd>
          <a className="link" href={`mailto:${email}`}>
            {email}
          </a>
        </dd>
        {links.phone && (
          <>
            <dt>{text.manageClinicPhone()}</dt>
            <dd>
              <a className="link" href={links.phone.href}>
                {links.phone.display}
              </a>
            </dd>
          </>
        )}
        {links.whatsApp && (
          <>
            <dt>{text.manageClinicWhatsApp()}</dt>
            <dd>
              <a className="link" href={links.whatsApp.href}>
                {links.whatsApp.display}
              </a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
