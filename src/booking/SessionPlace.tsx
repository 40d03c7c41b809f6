import { useId } from 'react';
import { describeSessionPlace, type SessionPlace as Place, type VisitorContact, visitorContactPoints } from '../../domain/session-place';
import { useI18nContext } from '../../i18n/i18n-react';

/**
 * Where the session is (docs/decisions/0049): in person at an address, online with its video
 * link once there is one, or by phone. The same words as the mails and the calendar file.
 */
export function SessionPlace({ place, psychologistName }: { place: Place | null; psychologistName: string }) {
  const { LL } = useI18nContext();
  if (!place) return null;
  const { label, detail, link } = describeSessionPlace(place, LL, psychologistName);
  return (
    <p data-testid="session-place">
      {LL.booking.sessionPlace.heading()}: {label}
      {link ? (
        <>
          {' '}
          <a className="link break-all" href={link} target="_blank" rel="noreferrer">
            {LL.booking.sessionPlace.openLink()}
          </a>
        </>
      ) : (
        <span className="block whitespace-pre-line">{detail}</span>
      )}
    </p>
  );
}

/** How the visitor reaches the clinic: call, WhatsApp (wa.me) and e-mail links, under the page's title; nothing when it gave none. */
export function VisitorContactLinks({ contact }: { contact: VisitorContact }) {
  const { LL } = useI18nContext();
  const titleId = useId();
  const { phone, whatsApp, email } = visitorContactPoints(contact);
  if (!phone && !whatsApp && !email) return null;
  const texts = LL.booking.sessionPlace;
  const rows = [
    phone && { label: texts.callLabel(), point: phone },
    whatsApp && { label: texts.whatsAppLabel(), point: whatsApp },
    email && { label: texts.emailLabel(), point: email },
  ].filter((row) => !!row);
  return (
    <section aria-labelledby={titleId} className="text-sm" data-testid="visitor-contact">
      <h2 id={titleId} className="font-semibold">
        {texts.contactHeading()}
      </h2>
      <ul>
        {rows.map(({ label, point }) => (
          <li key={label}>
            {label}:{' '}
            <a className="link" href={point.href}>
              {point.display}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The manage page's block: where the session is and how to reach the clinic. */
export function VisitDetails({ visit }: { visit: { place: Place | null; visitorContact: VisitorContact; psychologistName: string } }) {
  const { phone, whatsApp, email } = visit.visitorContact;
  if (!visit.place && !phone && !whatsApp && !email) return null;
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3 text-sm">
      <SessionPlace place={visit.place} psychologistName={visit.psychologistName} />
      <VisitorContactLinks contact={visit.visitorContact} />
    </div>
  );
}
