import { z } from 'zod';
import { type ClinicVisitSettings, findClinicVisitSettings, updateClinicVisitSettings } from '../../db/repositories/session-places';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { ZSessionPlaceSetting, ZVisitorContact } from './session-place-fields';

/**
 * GET and PUT /api/session-place: the clinic's default place of sessions (null: not said) and how
 * visitors reach it. A psychologist's own place is saved with the psychologist.
 */
export const ZClinicVisitSettings = z.object({
  place: ZSessionPlaceSetting.nullable(),
  contact: ZVisitorContact,
});

const NOTHING_SET: ClinicVisitSettings = { place: null, contact: { phone: null, whatsApp: null, email: null } };

type Ctx = Pick<OperatorContext, 'db' | 'admin' | 'now'>;

export async function getClinicVisitSettings(ctx: Ctx): Promise<ClinicVisitSettings> {
  return (await findClinicVisitSettings(ctx.db, ctx.admin.id)) ?? NOTHING_SET;
}

/** Saved on the clinic's screener configuration, which registering creates. */
export async function saveClinicVisitSettings(ctx: Ctx, settings: z.output<typeof ZClinicVisitSettings>): Promise<ClinicVisitSettings> {
  if (!(await updateClinicVisitSettings(ctx.db, ctx.admin.id, settings, ctx.now()))) throw new NotFoundError('configuration');
  return settings;
}
