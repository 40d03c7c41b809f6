import { z } from 'zod';
import { bookAppointment } from '../../appointments/book-appointment';
import { bookingTerms, ZBookingTerms, ZBookingTermsRequest } from '../../appointments/booking-terms';
import { cancelOwnBooking, ZCancelOwnBookingRequest } from '../../appointments/cancel-own-booking';
import { confirmBookingEmail } from '../../appointments/confirm-booking-email';
import { rescheduleOwnBooking, ZRescheduleOwnBookingRequest } from '../../appointments/reschedule-own-booking';
import { viewOwnAppointment, ZManageTokenRequest, ZOwnAppointment } from '../../appointments/own-appointment';
import { downloadOwnData, ZOwnData } from '../../visitor-data/download-own-data';
import { eraseOwnData } from '../../visitor-data/erase-own-data';
import { ZOk } from '../../zod-fields';
import { stopOwnWhatsapp } from '../../whatsapp/stop-whatsapp';
import { withdrawByMeasureLink, withdrawOwnMeasures, ZMeasuresWithdrawal } from '../../measures/withdraw-own-consent';
import { answerMeasure, viewMeasure, ZAnswerMeasureRequest, ZMeasureOutcome, ZMeasureTokenRequest, ZOpenMeasure } from '../../measures/answer-measure';
import { exportOwnMeasuresFhir, ZFhirBundle } from '../../measures/export-measures-fhir';
import { createBookingChallenge } from '../../booking-challenge/create-booking-challenge';
import { ZBookingChallenge, ZBookingChallengeRequest } from '../../booking-challenge/booking-challenge.types';
import { ZBookAppointmentRequest, ZBookAppointmentResponse } from '../../appointments/book-appointment.types';
import { listFreeSlots, ZFreeSlot, ZFreeSlotsRequest } from '../../availability/list-free-slots';
import {
  listPublicPsychologists,
  ZPublicPsychologist,
  ZPublicPsychologistsRequest,
} from '../../psychologists/list-public-psychologists';
import { calendarFeed, ZCalendarFeedRequest, ZCalendarFeedResponse } from '../../psychologists/calendar-feed';
import { ZPublicScreenerConfiguration } from '../../configuration/configuration';
import {
  getPublicConfigurationById,
  getPublicConfigurationBySlug,
  ZConfigurationByIdRequest,
  ZConfigurationBySlugRequest,
} from '../../configuration/get-public-configuration';
import { analyzeCombined, ZAnalyzeCombinedRequest } from '../../insights/analyze-combined';
import { analyzeDass21, ZAnalyzeDass21Request } from '../../insights/analyze-dass21';
import { ZAnalysis } from '../../insights/analysis';
import {
  recordScreenerEvents,
  ZRecordScreenerEventsRequest,
  ZRecordScreenerEventsResponse,
} from '../../screener-events/record-screener-events';
import { bookingPayment, ZBookingPaymentRequest, ZBookingPaymentState } from '../../payments/booking-payment-step';
import { sharedReadProcedure, publicProcedure, router } from '../init';

/** What anonymous visitors of a screener call. */
export const publicRouter = router({
  configuration: router({
    byId: sharedReadProcedure
      .input(ZConfigurationByIdRequest)
      .output(ZPublicScreenerConfiguration)
      .query(({ ctx, input }) => getPublicConfigurationById(ctx, input)),
    bySlug: sharedReadProcedure
      .input(ZConfigurationBySlugRequest)
      .output(ZPublicScreenerConfiguration)
      .query(({ ctx, input }) => getPublicConfigurationBySlug(ctx, input)),
  }),
  analyze: publicProcedure
    .input(ZAnalyzeDass21Request)
    .output(ZAnalysis)
    .mutation(({ ctx, input }) => analyzeDass21(ctx, input)),
  analyzeCombined: publicProcedure
    .input(ZAnalyzeCombinedRequest)
    .output(ZAnalysis)
    .mutation(({ ctx, input }) => analyzeCombined(ctx, input)),
  psychologists: sharedReadProcedure
    .input(ZPublicPsychologistsRequest)
    .output(z.array(ZPublicPsychologist))
    .query(({ ctx, input }) => listPublicPsychologists(ctx, input)),
  availability: publicProcedure
    .input(ZFreeSlotsRequest)
    .output(z.array(ZFreeSlot))
    .query(({ ctx, input }) => listFreeSlots(ctx, input)),
  /** What the booking form states before the visitor agrees. */
  bookingTerms: sharedReadProcedure
    .input(ZBookingTermsRequest)
    .output(ZBookingTerms)
    .query(({ ctx, input }) => bookingTerms(ctx, input)),
  /** The proof of work a booking must carry; never cached, each is for one booking. */
  bookingChallenge: publicProcedure
    .input(ZBookingChallengeRequest)
    .output(ZBookingChallenge)
    .query(({ ctx, input }) => createBookingChallenge(ctx, input)),
  bookAppointment: publicProcedure
    .input(ZBookAppointmentRequest)
    .output(ZBookAppointmentResponse)
    .mutation(({ ctx, input }) => bookAppointment(ctx, input)),
  /** The payment step of a paid hold again (after a redirect, a reload or a decline), and where the booking stands. */
  bookingPayment: publicProcedure
    .input(ZBookingPaymentRequest)
    .output(ZBookingPaymentState)
    .mutation(({ ctx, input }) => bookingPayment(ctx, input)),
  /** The visitor's own appointment, through the private link in their e-mails. */
  ownAppointment: router({
    view: publicProcedure
      .input(ZManageTokenRequest)
      .output(ZOwnAppointment)
      .query(({ ctx, input }) => viewOwnAppointment(ctx, input)),
    confirmEmail: publicProcedure
      .input(ZManageTokenRequest)
      .output(ZOwnAppointment)
      .mutation(({ ctx, input }) => confirmBookingEmail(ctx, input)),
    cancel: publicProcedure
      .input(ZCancelOwnBookingRequest)
      .output(ZOwnAppointment)
      .mutation(({ ctx, input }) => cancelOwnBooking(ctx, input)),
    reschedule: publicProcedure
      .input(ZRescheduleOwnBookingRequest)
      .output(ZOwnAppointment)
      .mutation(({ ctx, input }) => rescheduleOwnBooking(ctx, input)),
    /** The visitor ends WhatsApp messages for this booking; e-mail remains. */
    stopWhatsapp: publicProcedure
      .input(ZManageTokenRequest)
      .output(ZOwnAppointment)
      .mutation(({ ctx, input }) => stopOwnWhatsapp(ctx, input)),
    /** The client withdraws consent to repeat measures; what they collected is erased. */
    withdrawMeasures: publicProcedure
      .input(ZManageTokenRequest)
      .output(ZMeasuresWithdrawal)
      .mutation(({ ctx, input }) => withdrawOwnMeasures(ctx, input)),
    /** The client's repeat measures as a FHIR R4 Bundle, to take elsewhere; a mutation, though REST reaches it by GET: each export is audited. */
    exportMeasures: publicProcedure
      .input(ZManageTokenRequest)
      .output(ZFhirBundle)
      .mutation(({ ctx, input }) => exportOwnMeasuresFhir(ctx, input)),
    /** Everything held about the visitor, for them to keep. */
    data: publicProcedure
      .input(ZManageTokenRequest)
      .output(ZOwnData)
      .query(({ ctx, input }) => downloadOwnData(ctx, input)),
    /** The visitor erases their personal data; an appointment ahead is cancelled first. */
    erase: publicProcedure
      .input(ZManageTokenRequest)
      .output(ZOk)
      .mutation(({ ctx, input }) => eraseOwnData(ctx, input)),
  }),
  /** A repeat measure, through the private link in the client's mail (issue 30). */
  measure: router({
    view: publicProcedure
      .input(ZMeasureTokenRequest)
      .output(ZOpenMeasure)
      .query(({ ctx, input }) => viewMeasure(ctx, input)),
    answer: publicProcedure
      .input(ZAnswerMeasureRequest)
      .output(ZMeasureOutcome)
      .mutation(({ ctx, input }) => answerMeasure(ctx, input)),
    /** The client withdraws consent from the measure's page; what was collected is erased. */
    withdraw: publicProcedure
      .input(ZMeasureTokenRequest)
      .output(ZMeasuresWithdrawal)
      .mutation(({ ctx, input }) => withdrawByMeasureLink(ctx, input)),
  }),
  /** A psychologist's calendar subscription, through the secret URL the clinic gave them. */
  calendarFeed: publicProcedure
    .input(ZCalendarFeedRequest)
    .output(ZCalendarFeedResponse)
    .query(({ ctx, input }) => calendarFeed(ctx, input)),
  /** Anonymous steps of a screening, counted for the clinic's insights. */
  screenerEvents: publicProcedure
    .input(ZRecordScreenerEventsRequest)
    .output(ZRecordScreenerEventsResponse)
    .mutation(({ ctx, input }) => recordScreenerEvents(ctx, input)),
});
