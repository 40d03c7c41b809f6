import type { ClinicCrisisContact, CrisisResource } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';
import { ClinicContact } from './ClinicContact';

/** The clinic's own contact, in the same shape as a national line, with its own note. */
function ClinicContactItem({ contact }: { contact: ClinicCrisisContact }) {
  const { LL } = useI18nContext();
  return (
    <li>
      <ClinicContact contact={contact}>
        <p className="text-sm">{LL.assessment.crisis.clinicContact()}</p>
      </ClinicContact>
    </li>
  );
}

function NationalLineItem({ resource }: { resource: CrisisResource }) {
  const { LL } = useI18nContext();
  const names = LL.assessment.crisis.resources;
  return (
    <li>
      <p className="font-semibold">
        {names[resource.id].name()}:{' '}
        <a className="link" href={resource.phone.href}>
          {resource.phone.display}
        </a>
        {resource.alternativePhone && (
          <>
            {' '}
            {LL.assessment.crisis.alternativePhone({ number: resource.alternativePhone.display })}
          </>
        )}
      </p>
      <p className="text-sm">{names[resource.id].description()}</p>
      {resource.whatsApp && (
        <a className="link text-sm" href={resource.whatsApp.href}>
          {LL.assessment.crisis.whatsApp({ number: resource.whatsApp.display })}
        </a>
      )}
    </li>
  );
}

/**
 * Malaysia's crisis lines with their numbers, shown by the screener and beside booking alike,
 * and the clinic's own contact when it gave one. The clinic's comes after the national lines:
 * they are staffed around the clock or close to it, a clinic's may not be (docs/decisions/0024).
 */
export function CrisisResourceList({
  resources,
  clinicContact = null,
}: {
  resources: readonly CrisisResource[];
  clinicContact?: ClinicCrisisContact | null;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {resources.map((resource) => (
        <NationalLineItem key={resource.id} resource={resource} />
      ))}
      {clinicContact && <ClinicContactItem contact={clinicContact} />}
    </ul>
  );
}
