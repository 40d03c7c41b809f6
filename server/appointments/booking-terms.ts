import { z } from 'zod';
import { findBookingCounter } from '../../db/repositories/users';
import { type ConfigurationReader } from '../configuration/get-public-configuration';
import { findOwnedScreener, ZScreenerIdentifier } from '../configuration/screener-owner';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';

/** GET /api/public/booking-terms/{slug} */
export const ZBookingTermsRequest = z.object({ slug: ZScreenerIdentifier });

/**
 * What the booking form tells the visitor before they agree: how long the clinic keeps their
 * data, and whether it offers WhatsApp messages (the clinic's switch, with WhatsApp set up; docs/decisions/0063).
 */
export const ZBookingTerms = z.object({ retentionDays: z.number(), whatsappOffered: z.boolean() });

export async function bookingTerms(ctx: ConfigurationReader & Pick<RequestContext, 'env'>, { slug }: { slug: string }): Promise<z.output<typeof ZBookingTerms>> {
  const screener = await findOwnedScreener(ctx, slug);
  const counter = screener && (await findBookingCounter(ctx.db, screener.userId));
  if (!counter) throw new NotFoundError('configuration');
  return { retentionDays: counter.retentionDays, whatsappOffered: counter.whatsappEnabled && ctx.env.whatsapp !== undefined };
}
