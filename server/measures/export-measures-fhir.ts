import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { measuresOfAppointment } from '../../db/repositories/measure-records';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { type ExportedMeasure, measuresBundle } from '../../domain/measures-fhir';
import type { MeasureAnswers } from '../../domain/measures';
import { findOwnAppointment } from '../appointments/own-appointment';
import type { OperatorContext, RequestContext } from '../context';
import { openClientMeasures } from './open-client-measures';
import { entityId } from '../zod-fields';

/** GET /api/appointments/{appointmentId}/measures.fhir */
export const ZExportMeasuresRequest = z.object({ appointmentId: entityId('appointment') });

/**
 * A FHIR R4 Bundle of type collection (domain/measures-fhir.ts), the fields measuresBundle
 * writes. Its resources are described by HL7's FHIR R4 JSON Schema, not here, and pass as they are.
 */
export const ZFhirBundle = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('collection'),
  timestamp: z.string(),
  entry: z.array(z.object({ resource: z.unknown() })),
});

type FhirBundle = z.output<typeof ZFhirBundle>;

/** The answered measures of an appointment's client, as a bundle exported now. */
async function bundleOf(db: Kysely<Database>, userId: string, appointmentId: string, now: Date): Promise<FhirBundle> {
  const measures = await measuresOfAppointment(db, userId, appointmentId);
  const answered = measures.flatMap((measure): ExportedMeasure[] =>
    measure.answered ? [{ id: measure.id, answeredAt: measure.answered.at, measure: { instrument: measure.instruments, answers: measure.answered.answers } as MeasureAnswers }] : [],
  );
  // measuresBundle always writes a collection with its timestamp and entries.
  return measuresBundle(answered, now) as FhirBundle;
}

/**
 * The client's repeat measures as a FHIR R4 Bundle (`application/fhir+json`), for the
 * appointment's psychologist, the owner and admins (issue 30): to carry into a clinical record.
 * Audited in the same transaction, as every look at the client's answers is.
 */
export async function exportMeasuresFhir(ctx: Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>, { appointmentId }: { appointmentId: string }): Promise<FhirBundle> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    await openClientMeasures(trx, ctx, { appointmentId, action: 'measures.exported', at: now });
    return bundleOf(trx, userId, appointmentId, now);
  });
}

/**
 * The client downloads their own repeat measures from their link, as the same FHIR Bundle
 * (PDPA section 43A, data portability). The clinic's audit log records it by the appointment,
 * never by the client's name.
 */
export async function exportOwnMeasuresFhir(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<FhirBundle> {
  const appointment = await findOwnAppointment(ctx.db, token);
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    await recordAudit(trx, { userId: appointment.userId, actor: 'visitor', action: 'measures.exported', subjectId: appointment.id, at: now });
    return bundleOf(trx, appointment.userId, appointment.id, now);
  });
}
