import { normaliseMalaysianPhone } from './phone';

export { isCombinedCrisisAnswer, isDass21CrisisAnswer } from './crisis-answers';

export interface ContactPoint {
  /** As Malaysians write the number. */
  readonly display: string;
  readonly href: string;
}

/** Ids double as the keys of the names and notes in `assessment.crisis.resources`. */
export type CrisisResourceId = 'emergency' | 'talianHeal' | 'talianKasih' | 'befrienders';

export interface CrisisResource {
  readonly id: CrisisResourceId;
  readonly phone: ContactPoint;
  readonly alternativePhone?: ContactPoint;
  readonly whatsApp?: ContactPoint;
}

/**
 * Malaysian lines, most urgent first. Checked on 2026-11-25 against the bodies that run them:
 * - 999 (and 112 from a mobile): the Malaysian Emergency Response Services (MERS 999) of the
 *   Ministry of Communications, the number the Ministry of Health's HEAL line itself refers
 *   suicide attempts to;
 * - Talian HEAL 15555: the Ministry of Health Malaysia's National Mental Health Crisis Line, run
 *   by its National Centre of Excellence for Mental Health (NCEMH) since 21 October 2022, 8 am
 *   to midnight every day (the ministry's statements on the line, e.g. its 10 October 2024
 *   World Mental Health Day release);
 * - Talian Kasih 15999 and WhatsApp 019-261 5999: the Ministry of Women, Family and Community
 *   Development (KPWKM), which publishes both numbers for Talian Kasih;
 * - Befrienders Kuala Lumpur 03-7627 2929: the number the Befrienders KL centre publishes
 *   (befrienders.org.my), a member of Befrienders Worldwide.
 * SPEC section 2 (the crisis notice) asks for these kinds of line: check a number against its
 * source again before changing it, and never drop a line SPEC names.
 */
export const MALAYSIAN_CRISIS_RESOURCES: readonly CrisisResource[] = [
  {
    id: 'emergency',
    phone: { display: '999', href: 'tel:999' },
    // Mobile networks route 112 to the same emergency service, which helps visitors used to other numbers.
    alternativePhone: { display: '112', href: 'tel:112' },
  },
  { id: 'talianHeal', phone: { display: '15555', href: 'tel:15555' } },
  {
    id: 'talianKasih',
    phone: { display: '15999', href: 'tel:15999' },
    whatsApp: { display: '019-261 5999', href: 'https://wa.me/60192615999' },
  },
  { id: 'befrienders', phone: { display: '03-7627 2929', href: 'tel:+60376272929' } },
];

/**
 * SPEC's wellbeing plan keeps "a UK-style helpline": a listening line like the UK's Samaritans.
 * Befrienders Kuala Lumpur is one, in Malaysia: Befrienders Worldwide grew out of the Samaritans
 * (its founder, Chad Varah, started both), so it fills that place. Issue 26 took Samaritans UK
 * itself out: its free number works only from the UK and Ireland.
 */
export const LISTENING_LINE: CrisisResource = MALAYSIAN_CRISIS_RESOURCES.find((resource) => resource.id === 'befrienders')!;

/**
 * A clinic's own crisis contact, shown beside the national lines (docs/decisions/0024): its
 * name as the clinic writes it and a Malaysian number to call, one to message on WhatsApp, or
 * both. Numbers are kept as the clinic typed them, which is how visitors read them.
 */
export interface ClinicCrisisContact {
  readonly name: string;
  readonly phone: string | null;
  readonly whatsApp: string | null;
}

/** The links of a clinic's contact. Meant for numbers that passed `isValidMalaysianPhone`. */
export function clinicContactPoints(contact: ClinicCrisisContact): { phone?: ContactPoint; whatsApp?: ContactPoint } {
  return {
    ...(contact.phone && { phone: { display: contact.phone, href: `tel:${normaliseMalaysianPhone(contact.phone)}` } }),
    // wa.me takes the international number in digits only, without '+' or separators.
    ...(contact.whatsApp && {
      whatsApp: { display: contact.whatsApp, href: `https://wa.me/${normaliseMalaysianPhone(contact.whatsApp).slice(1)}` },
    }),
  };
}

export function crisisResource(id: CrisisResourceId): CrisisResource {
  return MALAYSIAN_CRISIS_RESOURCES.find((resource) => resource.id === id)!;
}

/**
 * Whether scores leave room for the crisis item to have been answered: DASS-21 item 21 at 2 or
 * more adds at least 4 to the (doubled) depression score, and PHQ-9 item 9 above 0 at least 1 to
 * the PHQ-9 score. A shared result that claims the crisis item with lower scores is refused.
 */
export function crisisAnswerPossible(
  shared: { testType: 'DASS-21'; results: { depression: { score: number } } } | { testType: 'Combined'; results: { phq9: { score: number } } },
): boolean {
  return shared.testType === 'DASS-21' ? shared.results.depression.score >= 4 : shared.results.phq9.score >= 1;
}
