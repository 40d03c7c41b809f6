import type { ReactNode } from 'react';
import { type ClinicCrisisContact, clinicContactPoints } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';

/**
 * The clinic's published contact (decision 0024): its name with a phone link, and a WhatsApp
 * link. Shown beside the crisis lines, and where SPEC tells the visitor to contact the clinic
 * directly. Nothing when the clinic gave none.
 */
export function ClinicContact({ contact, children }: { contact: ClinicCrisisContact | null; children?: ReactNode }) {
  const { LL } = useI18nContext();
  if (!contact) return null;
  const { phone, whatsApp } = clinicContactPoints(contact);
  return (
    <>
      <p className="font-semibold">
        {contact.name}
        {phone && (
          <>
            :{' '}
            <a className="link" href={phone.href}>
              {phone.display}
            </a>
          </>
        )}
      </p>
      {children}
      {whatsApp && (
        <a className="link text-sm" href={whatsApp.href}>
          {LL.assessment.crisis.whatsApp({ number: whatsApp.display })}
        </a>
      )}
    </>
  );
}
