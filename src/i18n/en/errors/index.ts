import type { BaseTranslation } from '../../i18n-types';

// What the server answers when it refuses a call, in the caller's language (server/errors.ts).
// `fields` holds the messages shown under a form's fields; zod schemas name them with
// fieldMessage (server/field-messages.ts).

const en_errors = {
  checkFields: 'Please check the highlighted fields.',
  internal: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  databaseBusy: 'The service is busy right now. Please try again in a moment.',
  signInRequired: 'Please sign in to continue.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  bodyNotObject: 'The request body must be a JSON object',
  crossSiteRefused: 'Cross-site request refused',
  jsonBodyRequired: 'A request body must be JSON (Content-Type: application/json)',
  noSuchEndpoint: 'No such endpoint: {method:string} {path:string}',
  notFound: {
    psychologist: 'Psychologist not found',
    timeSlot: 'Time slot not found',
    availabilitySlot: 'Availability slot not found',
    appointment: 'Appointment not found',
    screener: 'Screener not found',
    configuration: 'Configuration not found',
  },
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'That username is already taken',
  emailTaken: 'An account with that e-mail already exists',
  invalidResetLink: 'The reset link may be invalid or expired. Please request a new one.',
  subscriptionAlreadyActive: 'Your subscription is already active.',
  slotBookedMove: 'This slot is booked by a client. Moving it changes the time of their appointment; confirm to go ahead anyway.',
  slotBookedDelete: 'This slot is booked by a client. Deleting it cancels their appointment; confirm to go ahead anyway.',
  slotOverlap: 'The new times overlap another slot of this psychologist. Choose times that are free.',
  rangeEndBeforeStart: 'The end of the range (to) must be after its start (from, now by default).',
  psychologistHasBookings:
    '{name:string} has {count:number} upcoming booked appointment{{s}}. Deleting the psychologist cancels {{it|them}}; confirm to delete anyway.',
  fields: {
    notBlank: 'must not be blank',
    notAFollowUpOf: 'is not a follow-up of question {questionId:number}',
    eachFollowUpOnce: 'must answer each follow-up at most once',
    required: 'is required',
    atMostCharacters: 'must be at most {max:number} characters',
    email: 'must be a valid e-mail address',
    webUrl: 'must be an http(s) URL',
    entityId: 'must be a {what:string} id (UUID)',
    phone: 'Please enter a valid Malaysian phone number',
    timezone: 'must be a timezone such as Asia/Kuala_Lumpur',
    language: "must be 'en' or 'ms'",
    oneOf: 'must be one of {values:string}',
    testType: "must be 'DASS-21' or 'Combined'",
    wholeNumberBetween: 'must be a whole number from {min:number} to {max:number}',
    stepsBetween: 'must be in steps of {step:number} from {min:number} to {max:number}',
    trueOrFalse: 'must be true or false',
    dateTime: 'must be an ISO 8601 date-time such as 2026-12-01T01:00:00Z',
    date: 'must be a date as YYYY-MM-DD',
    time: 'must be a time as HH:mm',
    weekdays: 'must be days of the week from 0 (Sunday) to 6 (Saturday)',
    atLeastOneWeekday: 'choose at least one day of the week',
    onOrAfterStartDate: 'must be on or after the start date',
    withinAYear: 'must be within a year of the start date (at most {days:number} days per request)',
    afterStartTime: 'must be after the start time',
    atMostHoursAfterStart: 'must be at most {hours:number} hours after the start time',
    afterFrom: 'must be after from',
    atMostDaysAfterFrom: 'must be at most {days:number} days after from',
    levelForScore: "must be '{level:string}' for a score of {score:number}",
  },
} satisfies BaseTranslation;

export default en_errors;
