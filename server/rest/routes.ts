import type { ProcedurePath } from '../trpc/root';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The refusals only a use case knows it makes (server/errors.ts' codes); the rest follow from the procedure's meta and the route's shape. */
export type UseCaseRefusal = 'CONFLICT' | 'GONE' | 'TOO_MANY_REQUESTS';

export interface RestRoute {
  method: HttpMethod;
  /** Fastify syntax: `:name` segments become input fields of the same name, unless `pathFields` renames them. */
  path: string;
  /**
   * The input field a path segment fills when its name is not the field's: one path template
   * (`/api/availability/:id`) has one parameter name for all its methods (OpenAPI requires it).
   */
  pathFields?: Readonly<Record<string, string>>;
  /** The tRPC procedure that defines the operation: its schema, auth and behaviour. */
  procedure: ProcedurePath;
  summary: string;
  /** The status of a success; 200 unless the call creates something (201) or only takes it in (202). */
  successStatus?: 200 | 201 | 202;
  /** The media type of a success whose procedure answers text in another format; JSON otherwise. */
  contentType?: 'text/calendar; charset=utf-8' | 'text/csv; charset=utf-8' | 'application/fhir+json; charset=utf-8';
  /** A file to save rather than show: its name, sent in Content-Disposition. */
  attachment?: string;
  /** What the use case may refuse with beyond the refusals every route of its kind has, for the OpenAPI document. */
  refusals?: readonly UseCaseRefusal[];
}

/**
 * The REST API, route by route; its paths are the product's published contract. The REST
 * adapter passes path parameters merged with the query string (GET, DELETE) or the JSON body
 * (POST, PUT, PATCH) to the procedure. One row a route, alike by design: the table reads on one
 * page, and a helper per path prefix would hide the paths that are the contract.
 */
export const REST_ROUTES: readonly RestRoute[] = [
  { method: 'GET', path: '/api/visitor-info', procedure: 'billing.visitorInfo', summary: 'Launch offer for the pricing block' },
  { method: 'GET', path: '/api/public/configuration/:id', procedure: 'public.configuration.byId', summary: 'Screener configuration by id' },
  { method: 'GET', path: '/api/public/configuration/slug/:slug', procedure: 'public.configuration.bySlug', summary: 'Screener configuration by company slug' },
  { method: 'POST', path: '/api/analyze', procedure: 'public.analyze', summary: 'AI insights for DASS-21 results', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/analyze-combined', procedure: 'public.analyzeCombined', summary: 'AI insights for Combined results', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'GET', path: '/api/public/psychologists', procedure: 'public.psychologists', summary: "A screener owner's psychologists" },
  { method: 'GET', path: '/api/public/availability', procedure: 'public.availability', summary: "A psychologist's free slots" },
  { method: 'GET', path: '/api/public/check-subscription/:slug', procedure: 'billing.checkSubscription', summary: 'Whether booking needs a subscription' },
  { method: 'GET', path: '/api/public/booking-terms/:slug', procedure: 'public.bookingTerms', summary: "How long the clinic keeps a visitor's data, for the booking form" },
  { method: 'GET', path: '/api/public/booking-challenge/:slug', procedure: 'public.bookingChallenge', summary: 'A proof-of-work challenge (ALTCHA v2) for one booking at this screener; its work rises with the clinic\'s open holds' },
  { method: 'POST', path: '/api/public/appointments', procedure: 'public.bookAppointment', summary: 'Book a slot, carrying a solved booking challenge in `proofOfWork`', successStatus: 201, refusals: ['CONFLICT', 'TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/public/booking-payments/:appointmentId', procedure: 'public.bookingPayment', summary: "A paid hold's payment step again (the same PaymentIntent; body `token`, as the booking answered) and where the booking stands; `statusOnly: true` answers only where it stands, without asking Stripe (the embed's frame, while its pop-up pays)", refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'GET', path: '/api/public/appointments/manage/:token', procedure: 'public.ownAppointment.view', summary: "The visitor's view of their appointment", refusals: ['GONE'] },
  { method: 'POST', path: '/api/public/appointments/manage/:token/confirm-email', procedure: 'public.ownAppointment.confirmEmail', summary: "Confirms the visitor's e-mail (the hold)", refusals: ['CONFLICT', 'GONE'] },
  { method: 'POST', path: '/api/public/appointments/manage/:token/cancel', procedure: 'public.ownAppointment.cancel', summary: 'The visitor cancels, up to the cancellation notice', refusals: ['CONFLICT', 'GONE'] },
  { method: 'POST', path: '/api/public/appointments/manage/:token/reschedule', procedure: 'public.ownAppointment.reschedule', summary: 'The visitor moves it to another free slot, up to the cancellation notice', refusals: ['CONFLICT', 'GONE'] },
  { method: 'POST', path: '/api/public/appointments/manage/:token/stop-whatsapp', procedure: 'public.ownAppointment.stopWhatsapp', summary: 'The visitor ends WhatsApp messages for this booking; e-mail remains', refusals: ['GONE'] },
  { method: 'POST', path: '/api/public/appointments/manage/:token/withdraw-measures', procedure: 'public.ownAppointment.withdrawMeasures', summary: 'The client withdraws consent to repeat measures: none is asked any more and their answers are erased', refusals: ['GONE'] },
  { method: 'GET', path: '/api/public/measures/:token', procedure: 'public.measure.view', summary: "A repeat measure to answer, through the link in the client's mail: its items (the screener's), the clinic's brand and the consent", refusals: ['CONFLICT', 'GONE'] },
  { method: 'POST', path: '/api/public/measures/:token/answers', procedure: 'public.measure.answer', summary: 'The client answers a repeat measure, once: their scores, and their trend where the clinic shows it', refusals: ['CONFLICT', 'GONE'] },
  { method: 'POST', path: '/api/public/measures/:token/withdraw', procedure: 'public.measure.withdraw', summary: 'The client withdraws consent to repeat measures from a measure\'s link: none is asked any more and their answers are erased' },
  { method: 'GET', path: '/api/public/appointments/manage/:token/measures.fhir', procedure: 'public.ownAppointment.exportMeasures', summary: "The client's repeat measures as a FHIR R4 Bundle, to take to another provider (PDPA section 43A); audited", contentType: 'application/fhir+json; charset=utf-8', attachment: 'measures.fhir.json', refusals: ['GONE'] },
  { method: 'GET', path: '/api/public/appointments/manage/:token/data', procedure: 'public.ownAppointment.data', summary: 'Everything held about the visitor, as JSON', refusals: ['GONE'] },
  { method: 'POST', path: '/api/public/appointments/manage/:token/erase', procedure: 'public.ownAppointment.erase', summary: 'The visitor erases their personal data; an appointment ahead is cancelled first and the link stops working', refusals: ['CONFLICT', 'GONE'] },
  { method: 'GET', path: '/api/calendar/:token.ics', procedure: 'public.calendarFeed', summary: "A psychologist's calendar subscription (iCalendar), by its secret token", contentType: 'text/calendar; charset=utf-8', refusals: ['GONE'] },
  { method: 'POST', path: '/api/public/events', procedure: 'public.screenerEvents', summary: 'Anonymous steps of a screening, counted per screener and day', successStatus: 202, refusals: ['CONFLICT', 'TOO_MANY_REQUESTS'] },
  { method: 'GET', path: '/api/me', procedure: 'admin.account.me', summary: 'The signed-in operator' },
  { method: 'POST', path: '/api/login', procedure: 'auth.login', summary: 'Sign in; with two-factor sign-in on, a right password answers { twoFactorRequired: true } and the same request with `code` signs in', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/register', procedure: 'auth.register', summary: 'Create an operator account', successStatus: 201, refusals: ['CONFLICT', 'TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/logout', procedure: 'auth.logout', summary: 'Sign out' },
  { method: 'POST', path: '/api/logout-everywhere', procedure: 'admin.account.logoutEverywhere', summary: 'Sign out on every device' },
  { method: 'POST', path: '/api/account/password', procedure: 'admin.account.changePassword', summary: 'Change your password (currentPassword, newPassword); your other sessions end, this one stays', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'PUT', path: '/api/session/clinic', procedure: 'admin.account.switchClinic', summary: 'Act on another of your clinics in this session (clinicId)' },
  { method: 'GET', path: '/api/members', procedure: 'admin.members.list', summary: "The clinic's members, their roles, and pending invitations (owner)" },
  { method: 'POST', path: '/api/members', procedure: 'admin.members.invite', summary: 'Invite someone by e-mail to a role; the link works once within 72 hours (owner)', successStatus: 201, refusals: ['CONFLICT', 'TOO_MANY_REQUESTS'] },
  { method: 'PATCH', path: '/api/members/:accountId', procedure: 'admin.members.changeRole', summary: "Change a member's role (owner)" },
  { method: 'DELETE', path: '/api/members/:accountId', procedure: 'admin.members.remove', summary: 'Remove a member; their sessions in the clinic end at once (owner)' },
  { method: 'POST', path: '/api/members/:accountId/ownership', procedure: 'admin.members.handOverOwnership', summary: 'Hand the clinic over to another member; the owner stays on as an admin (owner)' },
  { method: 'POST', path: '/api/invitations/:id/resend', procedure: 'admin.members.resendInvitation', summary: 'A new invitation link for 72 more hours; the old one stops working (owner)', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'DELETE', path: '/api/invitations/:id', procedure: 'admin.members.revokeInvitation', summary: 'Revoke a pending invitation (owner)' },
  { method: 'GET', path: '/api/invitations/:id', pathFields: { id: 'token' }, procedure: 'auth.invitationPreview', summary: 'The role an invitation offers and who sent it, by its token', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/invitations/:token/accept', procedure: 'auth.acceptInvitation', summary: 'Join a clinic with an invitation, with a new account (username, password) or an existing one', successStatus: 201, refusals: ['CONFLICT', 'TOO_MANY_REQUESTS'] },
  { method: 'GET', path: '/api/account/delete', procedure: 'admin.account.upcomingBeforeDeletion', summary: 'What deleting the clinic would cancel: its upcoming appointments (when, psychologist, status)' },
  { method: 'POST', path: '/api/account/delete', procedure: 'admin.account.delete', summary: 'Delete the clinic with all its data (password, code where two-factor is on, cancelUpcoming); its subscription is cancelled first and its upcoming visitors are told', refusals: ['CONFLICT', 'TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/email-verification', procedure: 'admin.account.sendEmailVerification', summary: "Mail the link that verifies the owner's address again, at most 3 times an hour (owner)", successStatus: 202, refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/email-verification/:token/confirm', procedure: 'auth.verifyEmail', summary: "Verify the owner's address with the mailed link's token; until then the clinic cannot invite or register webhooks. Signs nobody in" },
  { method: 'GET', path: '/api/two-factor', procedure: 'admin.twoFactor.status', summary: 'Whether two-factor sign-in is on, and the recovery codes left' },
  { method: 'POST', path: '/api/two-factor/setup', procedure: 'admin.twoFactor.setup', summary: 'A fresh TOTP secret (otpauth URI and QR code), waiting for its first code', refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/two-factor/enable', procedure: 'admin.twoFactor.enable', summary: 'Turn two-factor sign-in on with a current code; answers 10 single-use recovery codes, shown once', refusals: ['CONFLICT', 'TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/two-factor/disable', procedure: 'admin.twoFactor.disable', summary: 'Turn two-factor sign-in off with a current code from the app or a recovery code', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'PUT', path: '/api/two-factor/requirement', procedure: 'admin.members.requireTwoFactor', summary: 'The owner requires two-factor sign-in of every member (required: true) or not; answers the team, whose twoFactorRequired tells the state', refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/request-password-reset', procedure: 'auth.requestPasswordReset', summary: 'E-mail a password reset link', refusals: ['TOO_MANY_REQUESTS'] },
  { method: 'POST', path: '/api/reset-password', procedure: 'auth.resetPassword', summary: 'Set a new password with a reset token' },
  { method: 'GET', path: '/api/configuration', procedure: 'admin.configuration.get', summary: "The operator's screener configuration" },
  { method: 'PUT', path: '/api/configuration', procedure: 'admin.configuration.update', summary: 'Save the screener configuration' },
  { method: 'GET', path: '/api/booking-settings', procedure: 'admin.bookingSettings.get', summary: 'How the clinic takes bookings' },
  { method: 'GET', path: '/api/measure-settings', procedure: 'admin.measures.settings.get', summary: "Repeat measures: the reminder's and the expiry's days after sending, and whether clients see their trend" },
  { method: 'PUT', path: '/api/measure-settings', procedure: 'admin.measures.settings.update', summary: "Change the repeat measures' reminder and expiry days and whether clients see their trend (audited)" },
  { method: 'PUT', path: '/api/booking-settings', procedure: 'admin.bookingSettings.update', summary: 'Turn e-mail confirmation, automatic confirmation and the second reminder on or off' },
  { method: 'GET', path: '/api/session-place', procedure: 'admin.sessionPlace.get', summary: "Where the clinic's sessions happen by default, and its phone, WhatsApp and e-mail for visitors" },
  { method: 'PUT', path: '/api/session-place', procedure: 'admin.sessionPlace.update', summary: "Save the clinic's default place of sessions (address, online or phone) and its contact details for visitors" },
  { method: 'GET', path: '/api/whatsapp-settings', procedure: 'admin.whatsapp.get', summary: "The clinic's WhatsApp switch, the name its messages carry, and the messages sent this month" },
  { method: 'PUT', path: '/api/whatsapp-settings', procedure: 'admin.whatsapp.update', summary: 'Offer visitors WhatsApp messages or not (enabled), and the shorter name they carry (shortName, at most 30 characters)' },
  { method: 'GET', path: '/api/psychologists', procedure: 'admin.psychologists.list', summary: "The operator's psychologists" },
  { method: 'POST', path: '/api/psychologists', procedure: 'admin.psychologists.create', summary: 'Add a psychologist', successStatus: 201 },
  { method: 'PUT', path: '/api/psychologists/:id', procedure: 'admin.psychologists.update', summary: 'Update a psychologist' },
  { method: 'DELETE', path: '/api/psychologists/:id', procedure: 'admin.psychologists.delete', summary: 'Delete a psychologist', refusals: ['CONFLICT'] },
  { method: 'DELETE', path: '/api/psychologists/:id/slots', pathFields: { id: 'psychologistId' }, procedure: 'admin.availability.clearDay', summary: "Delete a day's free slots of a psychologist (?date=YYYY-MM-DD in their timezone); booked ones stay" },
  { method: 'GET', path: '/api/psychologists/:id/schedule', pathFields: { id: 'psychologistId' }, procedure: 'admin.schedule.get', summary: "A psychologist's weekly hours, exceptions from today, and session rules" },
  { method: 'GET', path: '/api/psychologists/:id/schedule/free-times', pathFields: { id: 'psychologistId' }, procedure: 'admin.schedule.freeTimes', summary: "The weekly hours' free times starting in ?from&to (default now → 90 days), away from stored slots by the buffer" },
  { method: 'PUT', path: '/api/psychologists/:id/schedule', pathFields: { id: 'psychologistId' }, procedure: 'admin.schedule.save', summary: 'Set the weekly hours, session length, buffer, minimum notice and timezone; free times follow at once' },
  { method: 'POST', path: '/api/psychologists/:id/schedule/exceptions', pathFields: { id: 'psychologistId' }, procedure: 'admin.schedule.addException', summary: 'Add a day off, a holiday or extra hours on a date', successStatus: 201 },
  { method: 'DELETE', path: '/api/psychologists/:id/schedule/exceptions/:exceptionId', pathFields: { id: 'psychologistId' }, procedure: 'admin.schedule.deleteException', summary: 'Remove a dated exception' },
  { method: 'POST', path: '/api/psychologists/:id/schedule/holidays', pathFields: { id: 'psychologistId' }, procedure: 'admin.schedule.applyHolidays', summary: "Add a year of a Malaysian state's public holidays as exceptions (state as ISO 3166-2:MY, e.g. 14 Kuala Lumpur)" },
  { method: 'POST', path: '/api/psychologists/:id/calendar-link', procedure: 'admin.psychologists.renewCalendarLink', summary: 'A new calendar subscription URL for a psychologist; the old one stops working' },
  { method: 'POST', path: '/api/availability/generate', procedure: 'admin.availability.generate', summary: 'Generate availability slots', successStatus: 201 },
  { method: 'GET', path: '/api/availability/:id', pathFields: { id: 'psychologistId' }, procedure: 'admin.availability.list', summary: "A psychologist's slots" },
  { method: 'PATCH', path: '/api/availability/:id', pathFields: { id: 'slotId' }, procedure: 'admin.availability.update', summary: 'Move a slot', refusals: ['CONFLICT'] },
  { method: 'DELETE', path: '/api/availability/:id', pathFields: { id: 'slotId' }, procedure: 'admin.availability.delete', summary: 'Delete a slot', refusals: ['CONFLICT'] },
  { method: 'GET', path: '/api/appointments', procedure: 'admin.appointments.list', summary: "The operator's bookings, upcoming then past" },
  { method: 'GET', path: '/api/appointments/today', procedure: 'admin.appointments.today', summary: "Today's and tomorrow's sessions, the requests waiting (crisis-flagged first) and the live holds" },
  { method: 'GET', path: '/api/appointments/:appointmentId/results', procedure: 'admin.appointments.results', summary: 'The screening results the visitor shared, with their consents; each view is audited' },
  { method: 'GET', path: '/api/appointments/:appointmentId/measures', procedure: 'admin.measures.record', summary: "The client's repeat measures: each scale's scores over time with its change badges and their source, the item answers and the missed measures; each view is audited" },
  { method: 'GET', path: '/api/appointments/:appointmentId/measures.fhir', procedure: 'admin.measures.exportFhir', summary: "The client's repeat measures as a FHIR R4 Bundle: a QuestionnaireResponse per questionnaire, an Observation per total (LOINC for the PHQ-9 and GAD-7); audited", contentType: 'application/fhir+json; charset=utf-8', attachment: 'measures.fhir.json' },
  { method: 'GET', path: '/api/appointments/:appointmentId/measure-plan/consent', procedure: 'admin.measures.consentPreview', summary: "The consent's exact text, in the client's language, that enrolling with ?instruments&schedule would record: to show the client before they agree" },
  { method: 'POST', path: '/api/appointments/:appointmentId/measure-plan', procedure: 'admin.measures.enrol', summary: 'Enrol the client of a confirmed or completed appointment in repeat measures (instruments, schedule, clientConsented); the consent is recorded with its exact text and the enrolment audited', successStatus: 201, refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/appointments/:appointmentId/measure-plan/end', procedure: 'admin.measures.endPlan', summary: "End the client's repeat measures: none is sent any more, what was collected is kept under the retention rules (audited). Ending it again answers its end", refusals: ['CONFLICT'] },
  { method: 'GET', path: '/api/measure-alerts', procedure: 'admin.measureAlerts.open', summary: "Alerts on clients' repeat questionnaires nobody has acknowledged yet, escalated ones first: the client, their psychologist and why, never a score (not the receptionist's)" },
  { method: 'POST', path: '/api/measure-alerts/:alertId/acknowledge', procedure: 'admin.measureAlerts.acknowledge', summary: 'Acknowledge an alert, with an optional note (up to 500 characters); once: a second call changes nothing and answers who acknowledged it and when. Audited, without the note' },
  { method: 'POST', path: '/api/appointments/:appointmentId/cancel', procedure: 'admin.appointments.cancel', summary: 'Cancel a booking and free its slot', refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/appointments/:appointmentId/confirm', procedure: 'admin.appointments.confirm', summary: 'Confirm a request; the visitor is told', refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/appointments/:appointmentId/decline', procedure: 'admin.appointments.decline', summary: 'Decline a request and free its slot; the visitor is told', refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/appointments/:appointmentId/complete', procedure: 'admin.appointments.complete', summary: 'Mark a confirmed session completed', refusals: ['CONFLICT'] },
  { method: 'PUT', path: '/api/appointments/:appointmentId/video-link', procedure: 'admin.appointments.setVideoLink', summary: "Give an online appointment its own video link (videoUrl; null removes it)" },
  { method: 'POST', path: '/api/appointments/:appointmentId/no-show', procedure: 'admin.appointments.noShow', summary: 'Mark a confirmed session missed', refusals: ['CONFLICT'] },
  {
    method: 'POST',
    path: '/api/appointments/:appointmentId/spam',
    procedure: 'admin.appointments.declineAsSpam',
    refusals: ['CONFLICT'],
    summary: 'Decline a request or confirmed booking as spam: its slot is freed, its free booking given back, and its e-mail and address refused at this clinic for 30 days',
  },
  { method: 'GET', path: '/api/appointments/export.csv', procedure: 'admin.appointments.exportCsv', summary: "The clinic's appointments as CSV (audited)", contentType: 'text/csv; charset=utf-8', attachment: 'appointments.csv' },
  { method: 'GET', path: '/api/audit-log', procedure: 'admin.auditLog.list', summary: 'Who viewed shared results, exported or erased personal data, and when' },
  { method: 'GET', path: '/api/webhooks', procedure: 'admin.webhooks.list', summary: "The clinic's webhook endpoints, signing secret and last deliveries" },
  { method: 'POST', path: '/api/webhooks', procedure: 'admin.webhooks.register', summary: 'Register an https endpoint for appointment events', successStatus: 201, refusals: ['CONFLICT'] },
  { method: 'DELETE', path: '/api/webhooks/:id', procedure: 'admin.webhooks.delete', summary: 'Remove an endpoint and its deliveries' },
  { method: 'POST', path: '/api/webhooks/:id/test', procedure: 'admin.webhooks.sendTest', summary: 'Send a test event to an endpoint' },
  { method: 'PUT', path: '/api/webhooks/:id/event-types', procedure: 'admin.webhooks.setEventTypes', summary: 'Choose the event types an endpoint receives (null: every type)' },
  { method: 'POST', path: '/api/webhooks/deliveries/:id/redeliver', procedure: 'admin.webhooks.redeliver', summary: 'Send a delivered event to its endpoint again, with the same id', refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/webhooks/secret/roll', procedure: 'admin.webhooks.rollSecret', summary: 'Draw a new signing secret; the old one signs beside it for 24 hours', refusals: ['CONFLICT'] },
  { method: 'GET', path: '/api/api-keys', procedure: 'admin.apiKeys.list', summary: "The clinic's API keys, their scopes, expiry and last use; never the keys themselves (signed-in owner or admin)" },
  { method: 'POST', path: '/api/api-keys', procedure: 'admin.apiKeys.create', summary: 'Create an API key (name, scopes, optional expiresAt); the answer shows the key this once (signed-in owner or admin)', successStatus: 201 },
  { method: 'DELETE', path: '/api/api-keys/:id', procedure: 'admin.apiKeys.revoke', summary: 'Revoke an API key; its next call answers 401 (signed-in owner or admin)' },
  { method: 'GET', path: '/api/measures/outcomes', procedure: 'admin.measures.outcomes', summary: "The clinic's outcomes of repeat measures over the last 3, 6 or 12 months (months): clients measured and the shares with reliable improvement, recovery and deterioration, for the clinic and by psychologist (counts under 5 as '< 5')" },
  { method: 'GET', path: '/api/insights', procedure: 'admin.insights.get', summary: "The clinic's anonymous figures for Malaysian days from..to (counts under 5 as '< 5')" },
  { method: 'POST', path: '/api/create-subscription', procedure: 'billing.createSubscription', summary: 'Start the monthly subscription', refusals: ['CONFLICT'] },
  { method: 'GET', path: '/api/plan', procedure: 'admin.billing.plan', summary: 'The free bookings used, the subscription and whether its billing portal can open' },
  { method: 'GET', path: '/api/payments', procedure: 'admin.payments.get', summary: "Whether the clinic's Stripe account is connected and can take payments, and its payment policy" },
  { method: 'POST', path: '/api/payments/onboarding', procedure: 'admin.payments.startOnboarding', summary: "Connect the clinic's own Stripe account: a Stripe onboarding link (the account is created once); none in test mode" },
  { method: 'PUT', path: '/api/payments/policy', procedure: 'admin.payments.setPolicy', summary: 'Payment at booking: off, a deposit (fixed sen or a percentage) or the full price, and what a late cancel keeps', refusals: ['CONFLICT'] },
  { method: 'GET', path: '/api/payments/months', procedure: 'admin.payments.months', summary: "The last 12 months on the clinic's clock: sessions completed, payments received, refunds made, late-cancel and no-show fees kept (whole sen)" },
  { method: 'PUT', path: '/api/payments/psychologists/:psychologistId/policy', procedure: 'admin.payments.setPsychologistPolicy', summary: "A psychologist's own payment policy, replacing the clinic's whole for their bookings (policy: null follows the clinic's)", refusals: ['CONFLICT'] },
  { method: 'GET', path: '/api/appointments/:appointmentId/payment', procedure: 'admin.payments.ofAppointment', summary: "The appointment's payment: amount, method, status, refunds, disputed; null when nothing was paid" },
  { method: 'POST', path: '/api/appointments/:appointmentId/refund', procedure: 'admin.payments.refund', summary: 'Refund by hand part or all of what is left of the payment (amountSen, reason); a repeated requestId refunds once', refusals: ['CONFLICT'] },
  { method: 'POST', path: '/api/billing-portal', procedure: 'admin.billing.portal', summary: "A Stripe customer portal session's URL (card, invoices, cancelling); none in test mode", refusals: ['CONFLICT'] },
];
