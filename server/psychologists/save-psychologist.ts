import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/transaction';
import type { Kysely } from 'kysely';
import {
  findPsychologistOf,
  insertPsychologist,
  type PsychologistValues,
  updatePsychologist,
} from '../../db/repositories/psychologists';
import type { Database } from '../../db/schema';
import { type Psychologist, priceToSen, senToPrice } from '../../domain/psychologist';
import { NotFoundError } from '../errors';
import type { PsychologistFields } from './psychologists.schema';

type Services = { db: Kysely<Database>; now: () => Date };

function toValues({ pricePerHour, ...fields }: PsychologistFields): PsychologistValues {
  return { ...fields, priceSen: pricePerHour === null ? null : priceToSen(pricePerHour) };
}

function asPsychologist(id: string, values: PsychologistValues): Psychologist {
  const { priceSen, ...rest } = values;
  return { id, ...rest, pricePerHour: priceSen === null ? null : senToPrice(priceSen) };
}

export async function createPsychologist(services: Services, userId: string, fields: PsychologistFields): Promise<Psychologist> {
  const id = randomUUID();
  const values = toValues(fields);
  await insertPsychologist(services.db, { id, userId, values, now: services.now() });
  return asPsychologist(id, values);
}

/** Existing slots keep their times: a new duration or buffer applies to slots generated later. */
export async function updateOwnPsychologist(
  services: Services,
  userId: string,
  { id, ...fields }: PsychologistFields & { id: string },
): Promise<Psychologist> {
  const values = toValues(fields);
  await inTransaction(services.db, async (trx) => {
    if (!(await findPsychologistOf(trx, userId, id, { lock: 'update' }))) throw new NotFoundError('psychologist');
    await updatePsychologist(trx, id, values, services.now());
  });
  return asPsychologist(id, values);
}
