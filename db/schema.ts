import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * The whole data model. Timestamps are UTC: DATETIME(3) on MySQL (mysql2 runs with
 * timezone 'Z'), ISO-8601 text on SQLite (see sqlite-values-plugin.ts). Rows are read as
 * `Date | string` and turned into Dates by the repositories' mappers.
 */
type Timestamp = ColumnType<Date | string, Date, Date>;
type NullableTimestamp = ColumnType<Date | string | null, Date | null, Date | null>;
/** 0/1 on both dialects. */
/** A column added later: nullable, and optional on insert. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type Flag = ColumnType<number, number | boolean, number | boolean>;

/**
 * The clinic (organisation): every clinic table's `user_id` points here. Its username and e-mail
 * are the clinic's handle and contact address, its first owner's at sign-up; people sign in
 * with `accounts` (docs/decisions/0034).
 */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  /**
   * Bookings the clinic accepted (confirmed by hand or automatically), cancelled or deleted ones
   * included, less those it declined or marked as spam: the free allowance (docs/decisions/0038).
   */
  bookings_made: Generated<number>;
  /** Whether a booking waits for the visitor to confirm their e-mail (issue 13); on by default. */
  confirm_visitor_email: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** Whether a confirmed request is confirmed at once instead of by the clinic; off by default. */
  auto_confirm_requests: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** Whether visitors get a second reminder 2 hours before, beside the one 24 hours before. */
  second_reminder: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** The owner requires every member to sign in with two factors (docs/decisions/0035). */
  require_two_factor: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** The secret that signs the clinic's webhooks; drawn with its first endpoint. */
  webhook_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret a roll replaced: it signs beside webhook_secret until webhook_previous_secret_until. */
  webhook_previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  webhook_previous_secret_until: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /** Days a visitor's personal data is kept after their appointment ends (30–730, default 180). */
  visitor_data_retention_days: ColumnType<number, number | undefined, number>;
  /** Whether visitors are offered WhatsApp messages (docs/decisions/0063); on by default. */
  whatsapp_enabled: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** The shorter name the clinic's WhatsApp messages carry; null: its usual name. */
  whatsapp_name: OptionalText;
  /** The Cloud API phone number id that sends the clinic's messages; null: Minda's own number. */
  whatsapp_sender: OptionalText;
  /** Days after a measure is sent that its reminder follows (issue 30; default 2). */
  measure_reminder_days: ColumnType<number, number | undefined, number>;
  /** Days after a measure is sent that it expires unanswered (issue 30; default 4). */
  measure_expiry_days: ColumnType<number, number | undefined, number>;
  /** Whether a client sees their own trend after answering a measure (off by default). */
  measure_trend_visible: ColumnType<number, number | boolean | undefined, number | boolean>;
  created_at: Timestamp;
}

export interface ScreenerConfigurationsTable {
  id: string;
  user_id: string;
  test_type: string;
  app_title: string;
  app_description: string;
  logo_url: string | null;
  company_name: string | null;
  company_slug: string | null;
  minimum_age: number;
  important_section_content: string;
  what_this_does_content: string;
  privacy_section_content: string;
  enable_malay_translation: Flag;
  /** Off: the built-in writer answers and nothing is sent to the AI service. */
  ai_insights_enabled: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** The clinic's own crisis contact: none while the name is null (domain/crisis.ts). */
  crisis_contact_name: ColumnType<string | null, string | null | undefined, string | null>;
  crisis_contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  crisis_contact_whatsapp: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where sessions happen (domain/session-place.ts); a null mode is not said (a psychologist's: the clinic's). */
  session_mode: ColumnType<string | null, string | null | undefined, string | null>;
  session_address: ColumnType<string | null, string | null | undefined, string | null>;
  session_video_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** How a visitor reaches the clinic (domain/session-place.ts, VisitorContact). */
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  contact_whatsapp: ColumnType<string | null, string | null | undefined, string | null>;
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The clinic's primary colour, #rrggbb; null keeps the theme's (docs/decisions/0051). */
  primary_color: OptionalText;
  /** An uploaded logo: its bytes (PNG, JPEG, WebP or sanitised SVG), content type and SHA-256 (the ETag). */
  logo_data: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  logo_type: OptionalText;
  logo_hash: OptionalText;
  /** Malay versions of the screener's texts; null or blank shows the English one. */
  app_title_ms: OptionalText;
  app_description_ms: OptionalText;
  important_section_content_ms: OptionalText;
  what_this_does_content_ms: OptionalText;
  privacy_section_content_ms: OptionalText;
  /** A paid clinic hides the "Powered by Minda" line. */
  hide_powered_by: ColumnType<number, number | boolean | undefined, number | boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Earlier slugs of a configuration, so links already shared keep working after a rename. */
export interface SlugRedirectsTable {
  slug: string;
  configuration_id: string;
  created_at: Timestamp;
}

export interface PsychologistsTable {
  id: string;
  user_id: string;
  name: string;
  job_title: string;
  description: string;
  /** Malay versions; null or blank shows the English one. */
  job_title_ms: OptionalText;
  description_ms: OptionalText;
  email: string;
  image_url: string | null;
  /** Whole sen (1/100 ringgit): exact money on both dialects. */
  price_cents: number | null;
  slot_duration_minutes: number;
  buffer_minutes: number;
  minimum_advance_hours: number;
  /** Until how many hours before the session a visitor may cancel or move it themselves. */
  cancellation_notice_hours: Generated<number>;
  /** SHA-256 of the secret in their calendar subscription URL; null until the clinic makes one. */
  calendar_token_hash: string | null;
  timezone: string;
  /** Where sessions happen (domain/session-place.ts); a null mode is not said (a psychologist's: the clinic's). */
  session_mode: ColumnType<string | null, string | null | undefined, string | null>;
  session_address: ColumnType<string | null, string | null | undefined, string | null>;
  session_video_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AvailabilitySlotsTable {
  id: string;
  psychologist_id: string;
  start_utc: Timestamp;
  end_utc: Timestamp;
  created_at: Timestamp;
}

/** A time range of one weekday in the psychologist's timezone (docs/decisions/0047). */
export interface WeeklyHoursTable {
  id: string;
  psychologist_id: string;
  /** 0 = Sunday … 6 = Saturday. */
  day_of_week: number;
  /** HH:mm, wall clock. */
  start_time: string;
  end_time: string;
}

/** One per psychologist, written on first use: the row their schedule's bookings and slot writes take turns on (docs/decisions/0047). */
export interface ScheduleSlotLocksTable {
  psychologist_id: string;
  locked_at: Timestamp;
}

/** A dated change to the weekly hours: 'off' and 'holiday' close the date, 'extra' adds a range. */
export interface ScheduleExceptionsTable {
  id: string;
  psychologist_id: string;
  /** YYYY-MM-DD in the psychologist's timezone. */
  date: string;
  kind: string;
  start_time: string | null;
  end_time: string | null;
  label: Generated<string>;
  created_at: Timestamp;
}

export interface AppointmentsTable {
  id: string;
  user_id: string;
  psychologist_id: string;
  slot_id: string;
  /**
   * Equals slot_id while the appointment holds its slot (held, requested, confirmed) and is NULL
   * after. Its UNIQUE index is the database's guarantee that a slot is taken at most once.
   */
  active_slot_id: string | null;
  /** domain/appointment-status.ts */
  status: string;
  /** SHA-256 of the visitor's private link token; the token itself is only in their e-mails. */
  manage_token_hash: string | null;
  /** Until when an unconfirmed hold keeps its slot; null once the e-mail is confirmed. */
  hold_expires_at: NullableTimestamp;
  client_name: string;
  client_email: string;
  client_phone: string;
  client_timezone: string;
  client_language: string;
  created_at: Timestamp;
  cancelled_at: NullableTimestamp;
  /** What the visitor said when they cancelled through their link, if anything; erased with their data. */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The screening results the visitor chose to share with the clinic (JSON); null when not shared or erased. */
  shared_results: string | null;
  /** The visitor answered the crisis item: the clinic should contact them promptly. */
  contact_promptly: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** When the visitor's name, e-mail, phone and shared results were erased; null while kept. */
  personal_data_erased_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /** Changes of status or time so far: the SEQUENCE of its calendar event, the key of its reminders. */
  revision: Generated<number>;
  /** When the last change happened; null before the first. */
  revised_at: NullableTimestamp;
  /** The reminder job's lease (db/leases.ts): which pass holds the appointment, and until when. */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /**
   * Keyed digests (server/appointments/client-keys.ts) of the visitor's normalised e-mail, of
   * their address and of its /24 or /48, by which open holds are bounded per client; null on
   * rows booked before they were kept, and once the visitor's data is erased.
   */
  client_email_key: ColumnType<string | null, string | null | undefined, string | null>;
  client_address_key: ColumnType<string | null, string | null | undefined, string | null>;
  client_network_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether it used one of the clinic's free allowance: a decline or a spam mark gives it back. */
  allowance_counted: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** How often the visitor moved it through their link (domain/visitor-changes.ts). */
  visitor_moves: ColumnType<number, number | undefined, number>;
  /** The video link staff gave this appointment, for a place online without the clinic's one link. */
  video_url: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When anything an integrator sees of it last changed (status, time, place, visitor's data), for
   * `GET /api/appointments?updatedSince=` (docs/decisions/0059); every write of the row sets it.
   */
  updated_at: NullableTimestamp;
  /** The visitor agreed to WhatsApp messages about it (the consent's text is in consent_records). */
  whatsapp_reminders: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** When the visitor ended its WhatsApp messages ("STOP" or their manage page); e-mail remains. */
  whatsapp_stopped_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /** When the visitor answered "I'll be there" to a WhatsApp reminder. */
  attendance_confirmed_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
}

/** An inbound WhatsApp message acted on, kept through Meta's redelivery window so that it is acted on once (docs/decisions/0063). */
export interface WhatsappRepliesTable {
  /** The Cloud API's id of the inbound message (wamid.…). */
  wa_message_id: string;
  expires_at: Timestamp;
}

/** A solved booking challenge, kept until it expires so that it books only once (docs/decisions/0037). */
export interface UsedBookingChallengesTable {
  /** SHA-256 of the challenge's signature. */
  challenge_key: string;
  expires_at: Timestamp;
}

/** One row per reminder queued: the primary key lets any number of processes queue it once. */
export interface AppointmentRemindersTable {
  appointment_id: string;
  lead_hours: number;
  /** The appointment's revision it reminds of: a moved appointment is reminded of again. */
  revision: number;
  email_id: string;
}

/** Every change of an appointment's status: when, by whom, from which status to which. */
export interface AppointmentEventsTable {
  id: string;
  appointment_id: string;
  at: Timestamp;
  actor: string;
  from_status: string | null;
  to_status: string;
}

/** An https address where the clinic receives its appointment events. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  /** The event types it receives, a JSON array; null for every type. */
  event_types: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** One event for one endpoint: a durable outbox, leased by lease_owner until locked_until. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  user_id: string;
  /** The event's id, the same for every endpoint: receivers de-duplicate by it. */
  event_id: string;
  event_type: string;
  /** The appointment it is about and its revision then; null for the test event. An endpoint receives an appointment's events in revision order. */
  appointment_id: ColumnType<string | null, string | null | undefined, string | null>;
  revision: ColumnType<number | null, number | null | undefined, number | null>;
  /** The JSON body, kept for a redelivery; the visitor's contact goes when their data is erased. */
  payload: string;
  status: 'pending' | 'delivered';
  attempts: number;
  next_attempt_at: Timestamp;
  lease_owner: string | null;
  locked_until: NullableTimestamp;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
}

/** A consent a visitor gave, with the version of the text they saw (domain/consents.ts). */
export interface ConsentRecordsTable {
  id: string;
  /** The clinic whose screener or booking asked. */
  user_id: string;
  appointment_id: string | null;
  kind: string;
  text_version: string;
  given_at: Timestamp;
}

/**
 * A client enrolled in repeat measures from an appointment (issue 30, docs/decisions/0067): what
 * to ask, when, and the consent's text version (its record is the appointment's consent of kind
 * 'measures'). No answers: a later part adds the measures.
 */
export interface MeasurePlansTable {
  id: string;
  /** The clinic. */
  user_id: string;
  psychologist_id: string;
  /** The appointment it was enrolled from. */
  appointment_id: string;
  /** Equals appointment_id while the plan is open, NULL once withdrawn or ended: its UNIQUE index keeps one open plan per appointment. */
  open_appointment_id: string | null;
  /** domain/measures.ts MEASURE_INSTRUMENTS */
  instruments: string;
  /** domain/measure-schedule.ts MEASURE_SCHEDULES */
  schedule: string;
  consent_version: string;
  enrolled_at: Timestamp;
  /** The account of the member who enrolled the client. */
  enrolled_by: string;
  /** When the client withdrew their consent: what the plan collected was erased then. */
  withdrawn_at: NullableTimestamp;
  /** When the clinic ended the plan: nothing more is sent, what was collected stays until the retention period. */
  ended_at: NullableTimestamp;
  /** When an open plan on a fixed schedule is next due (indexed, for the sending job); NULL on a session schedule, and once nothing more is due or the plan closed. */
  next_due_at: NullableTimestamp;
}

/**
 * A measure a plan asked for (issue 30): sent once per occasion ('session:<appointment id>',
 * 'fortnight:<n>', 'once'; UNIQUE with plan_id), answered by the link whose SHA-256 is token_hash.
 * answers and scores are JSON, the client's health data.
 */
export interface MeasuresTable {
  id: string;
  /** The clinic. */
  user_id: string;
  plan_id: string;
  psychologist_id: string;
  occasion: string;
  /** The session it is asked before, for the session schedules. */
  session_appointment_id: string | null;
  /** domain/measures.ts MEASURE_INSTRUMENTS, copied from the plan when sent. */
  instruments: string;
  /** The client's language, 'en' or 'ms'. */
  language: string;
  token_hash: string;
  due_at: Timestamp;
  sent_at: Timestamp;
  reminded_at: NullableTimestamp;
  expires_at: Timestamp;
  answered_at: NullableTimestamp;
  /** JSON: the item answers keyed by the screener's question ids. */
  answers: string | null;
  /** JSON: each scale's total and level. */
  scores: string | null;
}

/** An alert on a measure that someone must acknowledge (issue 30); UNIQUE (measure_id, reason). */
export interface MeasureAlertsTable {
  id: string;
  user_id: string;
  plan_id: string;
  measure_id: string;
  psychologist_id: string;
  /** 'risk' (a risk item answered) or 'deterioration:<scale>'. */
  reason: string;
  raised_at: Timestamp;
  /** When its e-mails and messages were queued: claimed once, by a guarded update. */
  notified_at: NullableTimestamp;
  /** When, unacknowledged after 24 hours, it went to the owner and admins again. */
  escalated_at: NullableTimestamp;
  acknowledged_at: NullableTimestamp;
  /** The account of the member who acknowledged it. */
  acknowledged_by: string | null;
  note: string | null;
}

/** The exact text of a consent as shown; `version` is its SHA-256, the key a consent record names. */
export interface ConsentTextsTable {
  version: string;
  kind: string;
  language: string;
  text: string;
  first_shown_at: Timestamp;
}

/** A person who signs in; a member of clinics through `memberships`. */
export interface AccountsTable {
  id: string;
  /** Normalised (domain/account-names.ts), unique; compared byte for byte on MySQL too (utf8mb4_bin). */
  username: string;
  email: string;
  /** What the username looks like (nameSkeleton), unique; NULL for a name older than a look-alike of it (docs/decisions/0041). */
  username_skeleton: string | null;
  password_hash: string;
  /** When the person opened a link mailed to their address; null until then (docs/decisions/0039). */
  email_verified_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
}

/** The one verification link waiting per account, for the address it was mailed to; the token is stored as its SHA-256. */
export interface EmailVerificationsTable {
  account_id: string;
  email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A person's place in a clinic: one role, and for a psychologist the profile they are. */
export interface MembershipsTable {
  account_id: string;
  clinic_id: string;
  /** domain/roles.ts: owner, admin, psychologist or receptionist. */
  role: string;
  psychologist_id: string | null;
  created_at: Timestamp;
}

/** An e-mailed invitation to join a clinic; the link's token is stored as its SHA-256 only. */
export interface InvitationsTable {
  id: string;
  clinic_id: string;
  email: string;
  role: string;
  psychologist_id: string | null;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set once, when it was used: a link works once. */
  accepted_at: NullableTimestamp;
  /** When its last mail was queued: a resend waits 10 minutes after it (docs/decisions/0039). */
  last_sent_at: Timestamp;
  /** Resends so far, at most 3. */
  resends: Generated<number>;
}

/** Who looked at or removed personal data, and when: a clinic's accountability under the PDPA. */
export interface AuditLogTable {
  id: string;
  /** The clinic whose data it is. */
  user_id: string;
  at: Timestamp;
  /** Who acted: 'clinic' (a member), 'visitor' or 'system'. */
  actor: string;
  action: string;
  /** What it concerned, such as an appointment's id. */
  subject_id: string | null;
  /** The member who acted, when one did; no reference, so the entry outlives the account. */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The API key that acted, when one did; no reference, so the entry outlives the key. */
  api_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What an API key called: method and path, such as `POST /api/appointments/…/confirm`. */
  operation: ColumnType<string | null, string | null | undefined, string | null>;
  /** A short text the entry carries, such as why staff refunded by hand. */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A clinic's key for server-to-server calls to the REST API (docs/decisions/0058). */
export interface ApiKeysTable {
  id: string;
  clinic_id: string;
  name: string;
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  key_hash: string;
  /** The key's first characters, so the admin can tell keys apart. */
  key_prefix: string;
  /** The key's scopes, comma-separated (domain/api-keys.ts). */
  scopes: string;
  /** The member who created it; no reference, so the key outlives the account. */
  created_by: string | null;
  created_at: Timestamp;
  expires_at: ColumnType<Date | string | null, Date | null, Date | null>;
  revoked_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  last_used_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
}

/**
 * Anonymous counts of what visitors did in a screener, per Malaysian day (YYYY-MM-DD) and event
 * (domain/screener-events.ts): no visitor, address or identifier (docs/decisions/0025).
 */
export interface ScreenerEventCountersTable {
  configuration_id: string;
  day: string;
  event: string;
  count: number;
}

export interface SubscriptionsTable {
  user_id: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** Stripe's own status string; 'active' and 'trialing' allow unlimited bookings. */
  status: string;
  current_period_end: NullableTimestamp;
  /** When Stripe created the event behind `status`, so an older event never overwrites it. */
  status_event_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: string;
  /** The person whose password it resets. */
  account_id: string;
  /** SHA-256 of the token: a leaked table does not let anyone reset a password. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface EmailOutboxTable {
  id: string;
  /** What the mail is about (booking-client, password-reset, …), for logs and tests. */
  kind: string;
  recipient: string;
  /** The rendered message as JSON: subject, text, html, attachments. */
  message: string;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  /** The worker pass that leased the mail (db/leases.ts), and until when. */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** After this moment the mail is pointless and never sent (a reminder once the session began). */
  expires_at: NullableTimestamp;
  /** The appointment the mail is about, if any: erasing its visitor withdraws it while pending. */
  appointment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Mails with one key replace each other while unsent: a later change's mail supersedes an earlier one's. */
  coalesce_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A WhatsApp message (docs/decisions/0063), leased like email_outbox. The number and the body
 * are cleared once it is sent or closed; the row keeps what the statuses and replies need.
 */
export interface WhatsappOutboxTable {
  id: string;
  user_id: string;
  appointment_id: string | null;
  /** What it is about (booking-received, reminder-24h, …; domain/whatsapp-messages.ts). */
  kind: string;
  /** The visitor's number in E.164; null once sent, closed or erased. */
  recipient: string | null;
  /** The Cloud API phone number id that sends it. */
  sender: string;
  /** The template and its parameters as JSON; null once sent or closed. */
  body: string | null;
  /** pending, sent, delivered, read, failed, withdrawn, expired. */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  /** After this moment it is pointless and never sent (a reminder once the session began). */
  expires_at: NullableTimestamp;
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: NullableTimestamp;
  /** The Cloud API's error code and title, never the number or the text. */
  last_error: string | null;
  /** The Cloud API's id of the message (wamid.…), by which statuses and replies find it. */
  wa_message_id: string | null;
  /** The e-mail standing by for it: sent when the message fails or is not delivered in time. */
  fallback_email_id: string | null;
  /** A message queued under a key already queued is dropped (UNIQUE; the crisis alert's quiet period). */
  once_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  status_at: NullableTimestamp;
}

/**
 * An e-mail identity or a client address a clinic marked as spam: its bookings at that clinic are
 * refused until `expires_at`. Only keyed digests are stored (server/appointments/booking-blocks.ts).
 */
export interface BookingBlocksTable {
  user_id: string;
  /** 'email:' or 'address:' and an HMAC-SHA-256 in hex. */
  subject_digest: string;
  expires_at: Timestamp;
}

/** Attempts counted per rule and subject in fixed windows; see server/rate-limit. */
export interface RateLimitCountersTable {
  bucket: string;
  window_start: Timestamp;
  hits: number;
  expires_at: Timestamp;
}

/** Signed-in operators; the cookie holds the random id, the table only its SHA-256. */
export interface OperatorSessionsTable {
  id_hash: string;
  /** Who signed in. */
  account_id: string;
  /** The clinic this session acts on; the person may switch to another of theirs. */
  clinic_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The idle timeout or the absolute lifetime, whichever ends first. */
  expires_at: Timestamp;
}

/** Wrong passwords in a row per account (hashed username); see server/auth/login-throttle.ts. */
export interface LoginThrottlesTable {
  bucket: string;
  failures: number;
  last_failure_at: Timestamp;
  /** No attempt is checked before this: the delay its failures call for. */
  next_attempt_at: Timestamp;
}

/**
 * An account's TOTP secret (docs/decisions/0035). `account_id` is today's users.id; the
 * accounts table of issue 16's clinic members will own it.
 */
export interface TwoFactorSecretsTable {
  account_id: string;
  /** AES-256-GCM under a key drawn from SESSION_SECRET (server/two-factor/sealed-secret.ts). */
  secret_sealed: string;
  created_at: Timestamp;
  /** Null while set-up waits for the first code. */
  enabled_at: NullableTimestamp;
  /** The TOTP time step of the last accepted code: no code of that step or before is taken again. */
  last_used_step: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/** One unused recovery code, as its SHA-256; using it deletes the row. */
export interface TwoFactorRecoveryCodesTable {
  account_id: string;
  code_hash: string;
}

/** A reset link asked for and not yet queued; see server/auth/queue-reset-links.ts. */
export interface PasswordResetRequestsTable {
  id: string;
  email: string;
  locale: string;
  requested_at: Timestamp;
  lease_owner: string | null;
  lease_until: NullableTimestamp;
}

/**
 * What became of a private link whose appointment or calendar is gone (docs/decisions/0042):
 * the SHA-256 of its token, whose link it was and why; no personal data. Kept until `expires_at`.
 */
export interface ClosedLinksTable {
  token_hash: string;
  kind: 'appointment' | 'calendar';
  reason: 'clinic-closed' | 'visitor-erased';
  expires_at: Timestamp;
}

/**
 * A REST call's `Idempotency-Key` in its scope (docs/decisions/0059), kept until `expires_at`.
 * Digests only: neither the key nor the request body is stored.
 */
export interface IdempotencyKeysTable {
  /** Keyed digest (HMAC) of the scope and the key. */
  key_hash: string;
  /** Keyed digest of the actor, the method, the path and the input: another request under the key differs. */
  fingerprint: string;
  /** The appointment the call was about, if any: erasing its visitor deletes the row. */
  appointment_id: string | null;
  /** NULL while the first request runs; then the answer's status. */
  status_code: number | null;
  /** The answer's body, AES-256-GCM under a key drawn from the client's Idempotency-Key. */
  answer: string | null;
  started_at: Timestamp;
  expires_at: Timestamp;
}

/** The clinic's connected Stripe account (docs/decisions/0061): its id only, never a key. */
export interface ClinicStripeAccountsTable {
  user_id: string;
  stripe_account_id: string;
  charges_enabled: ColumnType<number, number | boolean | undefined, number | boolean>;
  payouts_enabled: ColumnType<number, number | boolean | undefined, number | boolean>;
  details_submitted: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** The payment methods whose capability is active, comma-separated (domain/payment-policy.ts). */
  payment_methods: ColumnType<string, string | undefined, string>;
  /** When Stripe created the event behind the flags, so an older `account.updated` never overwrites them. */
  status_event_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A payment policy's columns (domain/payment-policy.ts); deposit and percent are null where the mode does not use them. */
interface PaymentPolicyColumns {
  mode: string;
  deposit_kind: string | null;
  /** Whole sen for a fixed deposit, 1–100 for a percentage. */
  deposit_value: number | null;
  late_cancel_keeps: string;
  late_cancel_percent: number | null;
  updated_at: Timestamp;
}

/** The clinic's payment policy; no row is the default, no payment at booking. */
export interface ClinicPaymentPoliciesTable extends PaymentPolicyColumns {
  user_id: string;
  /** Minda's fee on each payment, in basis points: 0 (issue 28); not the clinic's to change. */
  platform_fee_basis_points: Generated<number>;
}

/** A psychologist's own policy, replacing the clinic's whole. */
export interface PsychologistPaymentPoliciesTable extends PaymentPolicyColumns {
  psychologist_id: string;
  user_id: string;
}

/** One PaymentIntent on the clinic's connected account for an appointment. Money in whole sen. */
export interface AppointmentPaymentsTable {
  id: string;
  appointment_id: string;
  user_id: string;
  stripe_account_id: string;
  payment_intent_id: string;
  amount_sen: number;
  currency: Generated<string>;
  /** domain/payment-policy.ts PAYMENT_STATUSES. */
  status: string;
  /** card, fpx or grabpay, once known. */
  method: string | null;
  receipt_url: string | null;
  /** The sum of the refunds Stripe made. */
  refunded_sen: Generated<number>;
  disputed: ColumnType<number, number | boolean | undefined, number | boolean>;
  /** When Stripe created the event behind `status`, so an older event never overwrites a newer one. */
  status_event_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * The terms a paid booking was made on, written with its hold: the amount due (so every request
 * for its payment step asks Stripe for the same PaymentIntent) and the policy and price the
 * visitor was shown, which decide a cancel's refund.
 */
export interface BookingPaymentTermsTable extends Omit<PaymentPolicyColumns, 'updated_at'> {
  appointment_id: string;
  user_id: string;
  stripe_account_id: string;
  amount_sen: number;
  price_sen: number;
  /** The methods the clinic's account had active at booking, comma-separated. */
  payment_methods: string;
  platform_fee_sen: Generated<number>;
  created_at: Timestamp;
}

/**
 * A refund we asked Stripe for, written before the call. Its id is the call's Idempotency-Key;
 * `cause_key` (UNIQUE) makes one cause refund once.
 */
export interface PaymentRefundsTable {
  id: string;
  payment_id: string;
  user_id: string;
  cause_key: string;
  stripe_refund_id: string | null;
  amount_sen: number;
  /** domain/payment-policy.ts REFUND_REASONS. */
  reason: string;
  /** What staff wrote when refunding by hand. */
  note: string | null;
  /** 'clinic', 'visitor' or 'system', as the audit log names them. */
  actor: string;
  account_id: string | null;
  /** pending until Stripe answers; failed when Stripe reported it failed or cancelled after accepting it. */
  status: 'pending' | 'succeeded' | 'failed';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  email_verifications: EmailVerificationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  screener_configurations: ScreenerConfigurationsTable;
  slug_redirects: SlugRedirectsTable;
  psychologists: PsychologistsTable;
  availability_slots: AvailabilitySlotsTable;
  weekly_hours: WeeklyHoursTable;
  schedule_exceptions: ScheduleExceptionsTable;
  schedule_slot_locks: ScheduleSlotLocksTable;
  appointments: AppointmentsTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_outbox: EmailOutboxTable;
  whatsapp_outbox: WhatsappOutboxTable;
  whatsapp_replies: WhatsappRepliesTable;
  rate_limit_counters: RateLimitCountersTable;
  used_booking_challenges: UsedBookingChallengesTable;
  operator_sessions: OperatorSessionsTable;
  login_throttles: LoginThrottlesTable;
  password_reset_requests: PasswordResetRequestsTable;
  appointment_events: AppointmentEventsTable;
  appointment_reminders: AppointmentRemindersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  consent_records: ConsentRecordsTable;
  consent_texts: ConsentTextsTable;
  audit_log: AuditLogTable;
  screener_event_counters: ScreenerEventCountersTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  closed_links: ClosedLinksTable;
  booking_blocks: BookingBlocksTable;
  idempotency_keys: IdempotencyKeysTable;
  api_keys: ApiKeysTable;
  clinic_stripe_accounts: ClinicStripeAccountsTable;
  clinic_payment_policies: ClinicPaymentPoliciesTable;
  psychologist_payment_policies: PsychologistPaymentPoliciesTable;
  appointment_payments: AppointmentPaymentsTable;
  payment_refunds: PaymentRefundsTable;
  booking_payment_terms: BookingPaymentTermsTable;
  measure_plans: MeasurePlansTable;
  measures: MeasuresTable;
  measure_alerts: MeasureAlertsTable;
}

export type ConfigurationRow = Selectable<ScreenerConfigurationsTable>;
export type PsychologistRow = Selectable<PsychologistsTable>;
export type SlotRow = Selectable<AvailabilitySlotsTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
