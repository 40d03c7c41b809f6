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
  const rows = [
    { label: text.manageClinicEmail(), point: { display: email, href: `mailto:${email}` } },
    { label: text.manageClinicPhone(), point: links.phone },
    { label: text.manageClinicWhatsApp(), point: links.whatsApp },
  ];
  return (
    <section className="flex flex-col gap-1 rounded-box bg-base-200 p-3" aria-labelledby="clinic-contacts-title">
      <h2 id="clinic-contacts-title" className="font-semibold">
        {text.manageClinicContacts({ clinic: appointment.clinicName })}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {rows.map(
          ({ label, point }) =>
            point && (
              <div key={label} className="contents">
                <dt>{label}</dt>
                <dd>
                  <a className="link" href={point.href}>
                    {point.display}
                  </a>
                </dd>
              </div>
            ),
        )}
      </dl>
    </section>
  );
}
