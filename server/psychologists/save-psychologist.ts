import type { OperatorContext } from '../context';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/transaction';
import {
  findPsychologistOf,
  insertPsychologist,
  type PsychologistValues,
  updatePsychologist,
} from '../../db/repositories/psychologists';
import { type Psychologist, priceToSen, senToPrice } from '../../domain/psychologist';
import { NotFoundError } from '../errors';
import { type PsychologistFields, ZPsychologistFields } from './psychologist';
import { entityId } from '../zod-fields';

export const ZCreatePsychologistRequest = ZPsychologistFields;

/** PUT /api/psychologists/:id: the whole psychologist again; fields left out take their defaults. */
export const ZUpdatePsychologistRequest = ZPsychologistFields.extend({ id: entityId('psychologist') });

type Ctx = Pick<OperatorContext, 'db' | 'now' | 'admin'>;

function toValues({ pricePerHour, ...fields }: PsychologistFields): PsychologistValues {
  return { ...fields, priceSen: pricePerHour === null ? null : priceToSen(pricePerHour) };
}

function asPsychologist(id: string, values: PsychologistValues): Psychologist {
  const { priceSen, ...rest } = values;
  return { id, ...rest, pricePerHour: priceSen === null ? null : senToPrice(priceSen) };
}

export async function createPsychologist(ctx: Ctx, fields: PsychologistFields): Promise<Psychologist> {
  const userId = ctx.admin.id;
  const id = randomUUID();
  const values = toValues(fields);
  await insertPsychologist(ctx.db, { id, userId, values, now: ctx.now() });
  return asPsychologist(id, values);
}

/** Existing slots keep their times: a new duration or buffer applies to slots generated later. */
export async function updateOwnPsychologist(
  ctx: Ctx,
  { id, ...fields }: PsychologistFields & { id: string },
): Promise<Psychologist> {
  const userId = ctx.admin.id;
  const values = toValues(fields);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await findPsychologistOf(trx, userId, id, { lock: true }))) throw new NotFoundError('psychologist');
    await updatePsychologist(trx, id, values, ctx.now());
  });
  return asPsychologist(id, values);
}
