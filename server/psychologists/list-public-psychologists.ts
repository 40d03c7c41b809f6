import { z } from 'zod';
import { ZScreenerIdentifier } from '../configuration/screener-owner';
import { ZPsychologist } from './psychologist';
import { listPsychologistsOf } from '../../db/repositories/psychologists';
import type { RequestContext } from '../context';
import { findOwnedScreener } from '../configuration/screener-owner';
import { findClinicVisitSettings } from '../../db/repositories/session-places';
import { type SessionPlace, sessionPlaceOf } from '../../domain/session-place';
import { ZSessionPlace } from '../session-places/session-place-fields';

/** A place as the booker shows it before booking: the link stays for the booked visitor's mails and page. */
const withoutLink = (place: SessionPlace | null): SessionPlace | null => (place?.kind === 'online' ? { kind: 'online', videoUrl: null } : place);

/** GET /api/public/psychologists?slug */
export const ZPublicPsychologistsRequest = z.object({ slug: ZScreenerIdentifier });

/** What a visitor may see of a psychologist: no e-mail, no booking rules but the slot length. */
export const ZPublicPsychologist = ZPsychologist.pick({
  id: true,
  name: true,
  jobTitle: true,
  description: true,
  jobTitleMs: true,
  descriptionMs: true,
  imageUrl: true,
  pricePerHour: true,
  slotDurationMinutes: true,
  timezone: true,
}).extend({
  /** Where their sessions happen, without any video link: that reaches the visitor once booked. */
  place: ZSessionPlace.nullable(),
});

/**
 * The screener owner's psychologists as visitors see them (no e-mail). An unknown screener
 * has none, so the results page shows the crisis-resources panel instead (it offers help rather than an empty list).
 */
export async function listPublicPsychologists(
  ctx: Pick<RequestContext, 'db' | 'configurations'>,
  { slug: identifier }: { slug: string },
): Promise<z.output<typeof ZPublicPsychologist>[]> {
  const screener = await findOwnedScreener(ctx, identifier);
  if (!screener) return [];
  const psychologists = await listPsychologistsOf(ctx.db, screener.userId);
  const clinicPlace = (await findClinicVisitSettings(ctx.db, screener.userId))?.place ?? null;
  return psychologists.map((p) => ({
    id: p.id,
    name: p.name,
    jobTitle: p.jobTitle,
    description: p.description,
    jobTitleMs: p.jobTitleMs,
    descriptionMs: p.descriptionMs,
    imageUrl: p.imageUrl,
    pricePerHour: p.pricePerHour,
    slotDurationMinutes: p.slotDurationMinutes,
    timezone: p.timezone,
    place: withoutLink(sessionPlaceOf(clinicPlace, p.sessionPlace, null)),
  }));
}
