import { ACCESS } from '../../../../domain/roles';
import { clinicOutcomes, ZClinicOutcomes, ZClinicOutcomesRequest } from '../../../measures/clinic-outcomes';
import { endClientMeasurePlan, ZEndedMeasurePlan, ZEndMeasurePlanRequest } from '../../../measures/end-plan';
import { enrolClient, ZEnrolClientRequest, ZMeasurePlanView } from '../../../measures/enrol-client';
import { previewMeasuresConsent, ZConsentPreview, ZPreviewConsentRequest } from '../../../measures/preview-consent';
import { viewMeasureRecord, ZMeasureRecord, ZMeasureRecordRequest } from '../../../measures/view-measure-record';
import { exportMeasuresFhir, ZExportMeasuresRequest, ZFhirBundle } from '../../../measures/export-measures-fhir';
import { getMeasureSettings, saveMeasureSettings, ZMeasureSettings } from '../../../measures/measure-settings';
import { memberProcedure, router } from '../../init';

/** Measurement-based care (issue 30): health data, so never the receptionist's. */
export const adminMeasuresRouter = router({
  /** The consent text enrolling would record, to show the client first. */
  consentPreview: memberProcedure(ACCESS.attachedResults).input(ZPreviewConsentRequest).output(ZConsentPreview).query(({ ctx, input }) => previewMeasuresConsent(ctx, input)),
  enrol: memberProcedure(ACCESS.attachedResults).input(ZEnrolClientRequest).output(ZMeasurePlanView).mutation(({ ctx, input }) => enrolClient(ctx, input)),
  /** The clinic ends the plan: nothing more is sent, what was collected is kept. */
  endPlan: memberProcedure(ACCESS.attachedResults).input(ZEndMeasurePlanRequest).output(ZEndedMeasurePlan).mutation(({ ctx, input }) => endClientMeasurePlan(ctx, input)),
  /** A mutation, though REST reaches it by GET: every look is written to the audit log. */
  record: memberProcedure(ACCESS.attachedResults).input(ZMeasureRecordRequest).output(ZMeasureRecord).mutation(({ ctx, input }) => viewMeasureRecord(ctx, input)),
  /** The client's measures as a FHIR R4 Bundle; a mutation, though REST reaches it by GET: every export is audited. */
  /** The clinic's outcomes, counts under 5 hidden: the owner's and admins'. */
  outcomes: memberProcedure(ACCESS.clinicSetup).input(ZClinicOutcomesRequest).output(ZClinicOutcomes).query(({ ctx, input }) => clinicOutcomes(ctx, input)),
  exportFhir: memberProcedure(ACCESS.attachedResults).input(ZExportMeasuresRequest).output(ZFhirBundle).mutation(({ ctx, input }) => exportMeasuresFhir(ctx, input)),
  /** The clinic's reminder and expiry days and the clients' trend: its setup, the owner's and admins'. */
  settings: router({
    get: memberProcedure(ACCESS.clinicSetup).output(ZMeasureSettings).query(({ ctx }) => getMeasureSettings(ctx)),
    update: memberProcedure(ACCESS.clinicSetup).input(ZMeasureSettings).output(ZMeasureSettings).mutation(({ ctx, input }) => saveMeasureSettings(ctx, input)),
  }),
});
