// The whole data model (SPEC §3). Conventions: integer ids, money in integer pence,
// instants as ISO-8601 UTC text, calendar dates as YYYY-MM-DD, wall-clock times as HH:MM.
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import {
  APPOINTMENT_HISTORY_KINDS,
  APPOINTMENT_STATUSES,
  BOOKING_SOURCES,
  CLIENT_DETAIL_FIELDS,
  CLIENT_NOTICE_KINDS,
  CLOCK_FORMATS,
  CONSENT_TYPES,
  EMAIL_KINDS,
  LEGAL_BASES,
  NOTICE_CHANNELS,
  PATCH_TEST_FINDINGS,
  PATCH_TEST_RESULTS,
  PAYMENT_METHODS,
  ROLES,
  SALE_LINE_KINDS,
  SCHEDULE_MODES,
  SMS_PROVIDERS,
  SMTP_SECURITIES,
  WAITLIST_OFFER_STATUSES,
  WAITLIST_TIMES,
} from "./enums";

export * from "./enums";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text("created_at").notNull().default(now);
const updatedAt = () => text("updated_at").notNull().default(now);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  role: text("role", { enum: ROLES }).notNull().default("stylist"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Server-side sessions; the cookie and the bearer token carry a random token whose
// SHA-256 hash is the only thing stored.
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    // Last use, refreshed every few minutes, for the idle timeout (null: createdAt).
    lastSeenAt: text("last_seen_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    address: text("address").notNull(),
    attemptedAt: text("attempted_at").notNull(),
    // "pending" while the password is checked, then "failed"; "succeeded" marks a known
    // account-and-address (or device) for 30 days (decision 0096).
    outcome: text("outcome", { enum: ["pending", "failed", "succeeded"] })
      .notNull()
      .default("failed"),
  },
  (t) => [
    index("login_attempts_lookup_idx").on(t.email, t.address, t.attemptedAt),
    index("login_attempts_address_idx").on(t.address, t.attemptedAt),
  ],
);

// One row (id 1) holds the salon's settings.
export const salonSettings = sqliteTable("salon_settings", {
  id: integer("id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  salonName: text("salon_name").notNull().default(""),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  email: text("email").notNull().default(""),
  openTime: text("open_time").notNull().default("09:00"),
  closeTime: text("close_time").notNull().default("18:00"),
  bookingAdvanceLimit: integer("booking_advance_limit").notNull().default(30),
  cancellationNotice: integer("cancellation_notice").notNull().default(24),
  timeZone: text("time_zone").notNull().default("Europe/London"),
  // How times read everywhere (decision 0075): SPEC's "9:00 AM" by default.
  clockFormat: text("clock_format", { enum: CLOCK_FORMATS }).notNull().default("12h"),
  // ISO 3166 code in which phone numbers written nationally are read (E.164 for SMS).
  country: text("country").notNull().default("GB"),
  smsEnabled: integer("sms_enabled", { mode: "boolean" }).notNull().default(false),
  smsProvider: text("sms_provider", { enum: SMS_PROVIDERS }).notNull().default("twilio"),
  smsApiKey: text("sms_api_key").notNull().default(""),
  smsApiSecret: text("sms_api_secret").notNull().default(""),
  smsFromNumber: text("sms_from_number").notNull().default(""),
  reminderHoursBefore: integer("reminder_hours_before").notNull().default(24),
  reminderTemplate: text("reminder_template").notNull().default(""),
  // Online booking (the public /book page and /api/public).
  onlineBookingEnabled: integer("online_booking_enabled", { mode: "boolean" }).notNull().default(false),
  // Minimum notice, in hours, for a client's own booking (0-168).
  onlineLeadTimeHours: integer("online_lead_time_hours").notNull().default(2),
  // Online bookings arrive as requests that staff accept or decline.
  onlineApproval: integer("online_approval", { mode: "boolean" }).notNull().default(false),
  // False: only clients the salon already has may book online.
  onlineNewClients: integer("online_new_clients", { mode: "boolean" }).notNull().default(true),
  onlinePolicyText: text("online_policy_text").notNull().default(""),
  // Stylists see every stylist's column in the calendar (colleagues' read-only, without contact details).
  stylistsSeeColleagues: integer("stylists_see_colleagues", { mode: "boolean" }).notNull().default(true),
  // E-mail to clients over the salon's own SMTP server (confirmations, changes, reminders).
  emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(false),
  smtpHost: text("smtp_host").notNull().default(""),
  smtpPort: integer("smtp_port").notNull().default(587),
  smtpSecurity: text("smtp_security", { enum: SMTP_SECURITIES }).notNull().default("starttls"),
  smtpUser: text("smtp_user").notNull().default(""),
  // Write-only, like the SMS secret: never sent back to a browser.
  smtpPassword: text("smtp_password").notNull().default(""),
  emailFrom: text("email_from").notNull().default(""),
  emailReplyTo: text("email_reply_to").notNull().default(""),
  // Each message's subject and text (SPEC §9 variables); blank: the built-in wording.
  emailConfirmationSubject: text("email_confirmation_subject").notNull().default(""),
  emailConfirmationText: text("email_confirmation_text").notNull().default(""),
  emailChangeSubject: text("email_change_subject").notNull().default(""),
  emailChangeText: text("email_change_text").notNull().default(""),
  emailCancellationSubject: text("email_cancellation_subject").notNull().default(""),
  emailCancellationText: text("email_cancellation_text").notNull().default(""),
  emailReminderSubject: text("email_reminder_subject").notNull().default(""),
  emailReminderText: text("email_reminder_text").notNull().default(""),
  // VAT (decision 0117): prices include VAT at this rate (percent) when the salon has a VAT number.
  vatNumber: text("vat_number").notNull().default(""),
  vatRate: real("vat_rate").notNull().default(20),
  // The waitlist: offer a freed slot to the first waiting client by text or e-mail, held this long.
  waitlistAutoOffer: integer("waitlist_auto_offer", { mode: "boolean" }).notNull().default(false),
  waitlistHoldMinutes: integer("waitlist_hold_minutes").notNull().default(30),
  updatedAt: updatedAt(),
});

export const stylists = sqliteTable("stylists", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .unique()
    .references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull().default(""),
  smsRemindersEnabled: integer("sms_reminders_enabled", { mode: "boolean" }).notNull().default(true),
  scheduleMode: text("schedule_mode", { enum: SCHEDULE_MODES }).notNull().default("weekly"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  // Offered on the online booking page.
  onlineBookable: integer("online_bookable", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

export const services = sqliteTable("services", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  category: text("category").notNull(),
  duration: integer("duration").notNull().default(30),
  price: integer("price").notNull().default(0),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  // A palette key chosen by an admin (app/lib/calendar.ts); null: the colour by the name's hash.
  color: text("color"),
  // Offered on the online booking page.
  onlineBookable: integer("online_bookable", { mode: "boolean" }).notNull().default(true),
  // Time kept free after the service before the next online booking (0-120 minutes).
  bufferMinutes: integer("buffer_minutes").notNull().default(0),
  // Processing time (decision 0111): after `processingAfterMinutes` of work the service
  // develops for `processingMinutes` while the stylist is free; 0 = none. Inside the duration.
  processingAfterMinutes: integer("processing_after_minutes").notNull().default(0),
  processingMinutes: integer("processing_minutes").notNull().default(0),
  // Patch tests (decision 0126): a booking needs a passed skin test at least
  // `patchTestLeadHours` before its start and at most `patchTestValidDays` old.
  requiresPatchTest: integer("requires_patch_test", { mode: "boolean" }).notNull().default(false),
  patchTestValidDays: integer("patch_test_valid_days").notNull().default(180),
  patchTestLeadHours: integer("patch_test_lead_hours").notNull().default(48),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const stylistPricing = sqliteTable(
  "stylist_pricing",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stylistId: integer("stylist_id")
      .notNull()
      .references(() => stylists.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    price: integer("price"),
    duration: integer("duration"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("stylist_pricing_unique_idx").on(t.stylistId, t.serviceId)],
);

export const clients = sqliteTable(
  "clients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    // The phone in E.164 (read in the salon's country), or null when it is not a phone
    // number: what duplicates, search and inbound texts match on (see decision 0060).
    phoneE164: text("phone_e164"),
    // Stored trimmed and lower-cased, so a case-insensitive match uses the index.
    email: text("email"),
    notes: text("notes"),
    address: text("address"),
    birthday: text("birthday"),
    consentDate: text("consent_date"),
    consentType: text("consent_type", { enum: CONSENT_TYPES }).notNull().default("service"),
    legalBasis: text("legal_basis", { enum: LEGAL_BASES }).notNull().default("consent"),
    dataRetentionDate: text("data_retention_date"),
    erasureRequestedAt: text("erasure_requested_at"),
    // Set when the client replied STOP (or similar) to a text: no further SMS is sent.
    smsOptedOutAt: text("sms_opted_out_at"),
    // Set when the client followed the unsubscribe link of an e-mail: no further reminders by e-mail.
    emailUnsubscribedAt: text("email_unsubscribed_at"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clients_name_idx").on(t.name),
    index("clients_email_idx").on(t.email),
    index("clients_phone_idx").on(t.phone),
    index("clients_phone_e164_idx").on(t.phoneE164),
  ],
);

// What a client was called and reached at before an edit or a merge changed it (decision
// 0094): kept only so that an erasure can find every way staff wrote the client down, and
// deleted with the client. Part of the subject-access export.
export const clientFormerDetails = sqliteTable(
  "client_former_details",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    field: text("field", { enum: CLIENT_DETAIL_FIELDS }).notNull(),
    value: text("value").notNull(),
    recordedAt: text("recorded_at").notNull().default(now),
  },
  (t) => [uniqueIndex("client_former_details_unique_idx").on(t.clientId, t.field, t.value)],
);

export const appointments = sqliteTable(
  "appointments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null for blocked time, and for the anonymous record left by a GDPR erasure.
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    stylistId: integer("stylist_id")
      .notNull()
      .references(() => stylists.id, { onDelete: "restrict" }),
    serviceId: integer("service_id").references(() => services.id, { onDelete: "restrict" }),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("scheduled"),
    notes: text("notes"),
    // The price agreed at booking, so later price changes never rewrite history.
    price: integer("price").notNull().default(0),
    availabilityOverride: integer("availability_override", { mode: "boolean" }).notNull().default(false),
    // Cancelled inside the salon's cancellation notice (decision 0063).
    lateCancellation: integer("late_cancellation", { mode: "boolean" }).notNull().default(false),
    // The repeat booking this occurrence belongs to (decision 0087); null for a single booking.
    seriesId: text("series_id"),
    // The visit this line belongs to (several services booked together); null for a single booking.
    visitId: text("visit_id"),
    // "online": booked by the client on the booking page.
    source: text("source", { enum: BOOKING_SOURCES }).notNull().default("staff"),
    // SHA-256 of the online booking's manage token (128 random bits, given to the client once).
    manageTokenHash: text("manage_token_hash"),
    // What the client typed online where it differs from the stored client (for staff to check).
    onlineDetails: text("online_details"),
    // The service's processing time as booked (decision 0111): copied at booking and when an
    // edit changes the service or the length, so a later change to the service moves no
    // booked appointment's free part. Null: none (or it no longer fits the length).
    processingAfterMinutes: integer("processing_after_minutes"),
    processingMinutes: integer("processing_minutes"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Counts the row's updates (the calendar feed's SEQUENCE). A trigger raises it, and
    // refreshes updated_at, on every UPDATE that leaves it alone, so no write path is missed.
    revision: integer("revision").notNull().default(0),
  },
  (t) => [
    index("appointments_stylist_start_idx").on(t.stylistId, t.startTime),
    index("appointments_start_idx").on(t.startTime),
    // A client's appointments by date (the profile's paged lists; the foreign key's look-up).
    index("appointments_client_idx").on(t.clientId, t.startTime),
    // Reports: every column the period's aggregates read, so a year is scanned from the
    // index alone; and each client's visits by status and date with what the client
    // profile's figures read (decision 0084), so they come from the index alone.
    index("appointments_report_idx").on(
      t.startTime,
      t.status,
      t.stylistId,
      t.clientId,
      t.serviceId,
      t.price,
      t.endTime,
    ),
    index("appointments_client_visits_idx").on(t.clientId, t.status, t.startTime, t.stylistId, t.serviceId, t.price),
    // "This and following": one series' occurrences by start time.
    index("appointments_series_idx").on(t.seriesId, t.startTime),
    // A visit's lines by start time.
    index("appointments_visit_idx").on(t.visitId, t.startTime),
    uniqueIndex("appointments_manage_token_idx").on(t.manageTokenHash),
    // The Requests list: online bookings awaiting approval.
    index("appointments_status_start_idx").on(t.status, t.startTime),
  ],
);

// Every create, edit, move, status change and delete of an appointment, appended in the
// write's own transaction (decision 0085): who, when, and each changed field before and
// after (both null: unchanged). No foreign keys, so it outlives the appointment and the
// acting user. Append-only: triggers (migration 0009) refuse DELETE, and UPDATE of
// anything but the client links and notes, which merging relinks and erasure scrubs.
export const appointmentHistory = sqliteTable(
  "appointment_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appointmentId: integer("appointment_id").notNull(),
    at: text("at").notNull().default(now),
    actorUserId: integer("actor_user_id"),
    // The acting user's name when they acted.
    actorName: text("actor_name").notNull(),
    kind: text("kind", { enum: APPOINTMENT_HISTORY_KINDS }).notNull(),
    stylistBefore: integer("stylist_before"),
    stylistAfter: integer("stylist_after"),
    startBefore: text("start_before"),
    startAfter: text("start_after"),
    endBefore: text("end_before"),
    endAfter: text("end_after"),
    serviceBefore: integer("service_before"),
    serviceAfter: integer("service_after"),
    statusBefore: text("status_before", { enum: APPOINTMENT_STATUSES }),
    statusAfter: text("status_after", { enum: APPOINTMENT_STATUSES }),
    priceBefore: integer("price_before"),
    priceAfter: integer("price_after"),
    clientBefore: integer("client_before"),
    clientAfter: integer("client_after"),
    notesBefore: text("notes_before"),
    notesAfter: text("notes_after"),
    // A booking made without a valid patch test (decision 0126): what the check found
    // ("missing", "too_recent", "expired", "failed"), confirmed by the entry's actor, and
    // for a failed test the administrator's reason (erasure makes it "[erased]").
    patchTest: text("patch_test", { enum: PATCH_TEST_FINDINGS }),
    patchTestReason: text("patch_test_reason"),
  },
  (t) => [
    index("appointment_history_appointment_idx").on(t.appointmentId, t.id),
    index("appointment_history_client_before_idx").on(t.clientBefore),
    index("appointment_history_client_after_idx").on(t.clientAfter),
  ],
);

// A client's skin tests before colour services (decision 0126). Append-only: triggers refuse
// UPDATE (but relinking to the kept client of a merge) and DELETE while the client exists, so
// only the client's deletion or erasure removes them. No foreign key: the client row goes first.
export const patchTests = sqliteTable(
  "patch_tests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientId: integer("client_id").notNull(),
    testedAt: text("tested_at").notNull(),
    result: text("result", { enum: PATCH_TEST_RESULTS }).notNull(),
    product: text("product"),
    notes: text("notes"),
    recordedByUserId: integer("recorded_by_user_id"),
    // Who recorded it, as they were called then.
    recordedByName: text("recorded_by_name").notNull(),
    recordedAt: text("recorded_at").notNull().default(now),
  },
  (t) => [index("patch_tests_client_idx").on(t.clientId, t.testedAt)],
);

// dayOfWeek is 1 (Monday) to 7 (Sunday) for week 1 and 8 to 14 for week 2 of a bi-weekly rota.
export const stylistAvailability = sqliteTable(
  "stylist_availability",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stylistId: integer("stylist_id")
      .notNull()
      .references(() => stylists.id, { onDelete: "cascade" }),
    dayOfWeek: integer("day_of_week").notNull(),
    isWorking: integer("is_working", { mode: "boolean" }).notNull().default(true),
    startTime: text("start_time").notNull().default("09:00"),
    endTime: text("end_time").notNull().default("17:00"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("stylist_availability_day_idx").on(t.stylistId, t.dayOfWeek)],
);

export const timeOff = sqliteTable(
  "time_off",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stylistId: integer("stylist_id")
      .notNull()
      .references(() => stylists.id, { onDelete: "cascade" }),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    /** Salon wall-clock "HH:MM" for part of one day (startDate = endDate); both null = whole days. */
    startTime: text("start_time"),
    endTime: text("end_time"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("time_off_stylist_idx").on(t.stylistId, t.startDate)],
);

export const products = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description"),
  category: text("category"),
  // Retail (decision 0117): only a product with a retail price (pence, VAT included) is sold.
  retailPrice: integer("retail_price"),
  // Selling lowers it (it may go below zero: a wrong count never blocks the till); refunds raise it.
  stockQuantity: integer("stock_quantity").notNull().default(0),
  // At or below this the product goes on the shopping list once; null: never.
  reorderLevel: integer("reorder_level"),
  createdAt: createdAt(),
});

export const shoppingItems = sqliteTable("shopping_items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
  customName: text("custom_name"),
  quantity: integer("quantity").notNull().default(1),
  notes: text("notes"),
  isOrdered: integer("is_ordered", { mode: "boolean" }).notNull().default(false),
  isCompleted: integer("is_completed", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  orderedAt: text("ordered_at"),
  completedAt: text("completed_at"),
  addedByUserId: integer("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
  orderedByUserId: integer("ordered_by_user_id").references(() => users.id, { onDelete: "set null" }),
  completedByUserId: integer("completed_by_user_id").references(() => users.id, { onDelete: "set null" }),
});

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("messages_created_idx").on(t.createdAt)],
);

// SMS sent to clients (reminders, tests): part of what a GDPR export must include.
export const smsLog = sqliteTable(
  "sms_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    provider: text("provider", { enum: SMS_PROVIDERS }).notNull(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    // "unknown": a reminder whose sender stopped mid-send and whose provider could not be
    // asked whether it took the message (docs/decisions/0095).
    status: text("status", { enum: ["sent", "failed", "unknown"] }).notNull(),
    kind: text("kind", { enum: ["reminder", "test", "notice"] })
      .notNull()
      .default("reminder"),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sms_log_client_idx").on(t.clientId),
    index("sms_log_appointment_idx").on(t.appointmentId),
    index("sms_log_created_idx").on(t.createdAt),
  ],
);

// E-mail sent to clients (confirmations, changes, cancellations, reminders, tests): part of
// what a GDPR export includes; an erasure blanks the addresses.
export const emailLog = sqliteTable(
  "email_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    status: text("status", { enum: ["sent", "failed"] }).notNull(),
    // The SMTP server's answer (sent) or error (failed).
    response: text("response"),
    createdAt: createdAt(),
  },
  (t) => [index("email_log_created_idx").on(t.createdAt), index("email_log_client_idx").on(t.clientId)],
);

// One row per reminder the scheduler has claimed: the unique (appointment, start time)
// makes the claim, inserted in a write transaction before anything is sent, the thing that
// keeps several processes or machines from sending one reminder twice. A moved appointment
// has a new start time and so a reminder of its own (docs/decisions/0050). A claim is a
// lease: a claim still "sending" after lease_until belongs to a process that stopped, and
// is resolved by asking the provider (docs/decisions/0095).
export const smsReminders = sqliteTable(
  "sms_reminders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    startTime: text("start_time").notNull(),
    status: text("status", { enum: ["sending", "sent", "failed", "skipped", "unknown"] })
      .notNull()
      .default("sending"),
    claimedBy: text("claimed_by").notNull(),
    claimedAt: text("claimed_at").notNull(),
    leaseUntil: text("lease_until"),
    // The provider the claim's process sent through: the one to ask if it stops mid-send.
    provider: text("provider", { enum: SMS_PROVIDERS }),
    finishedAt: text("finished_at"),
    smsLogId: integer("sms_log_id").references(() => smsLog.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("sms_reminders_appointment_start_idx").on(t.appointmentId, t.startTime),
    index("sms_reminders_claimed_idx").on(t.claimedAt),
    index("sms_reminders_status_lease_idx").on(t.status, t.leaseUntil),
  ],
);

// Inbound texts already acted on, by the provider's message id (Twilio's MessageSid): a
// replayed webhook, even validly signed, has no second effect. Holds no personal data.
export const smsInbound = sqliteTable("sms_inbound", {
  messageId: text("message_id").primaryKey(),
  provider: text("provider", { enum: SMS_PROVIDERS }).notNull(),
  receivedAt: createdAt(),
});

// Background jobs' last runs (any process), for the SMS screen's System Status card.
export const jobRuns = sqliteTable("job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: text("last_run_at").notNull(),
  lastRunBy: text("last_run_by").notNull(),
  lastError: text("last_error"),
});

// Database backups taken by the server (scheduled or "Back up now") and their results. A
// scheduled backup's slot (the salon day) is unique: the process whose insert wins takes it.
export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["scheduled", "manual"] }).notNull(),
    slot: text("slot"),
    startedAt: text("started_at").notNull(),
    finishedAt: text("finished_at"),
    status: text("status", { enum: ["running", "ok", "failed"] }).notNull(),
    file: text("file"),
    sizeBytes: integer("size_bytes"),
    error: text("error"),
    takenBy: text("taken_by").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [uniqueIndex("backup_runs_slot").on(table.slot), index("backup_runs_started").on(table.startedAt)],
);

// Change feed for live updates: every write appends {topic, entityId}; each server
// process tails this table and fans rows out to its open event streams.
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    topic: text("topic").notNull(),
    entityId: integer("entity_id"),
    createdAt: createdAt(),
  },
  (t) => [index("events_created_idx").on(t.createdAt)],
);

// One number that goes up with every write to what the calendar shows (appointments,
// clients, services, stylists, their hours and time off, the salon's settings), raised by
// triggers (migration 0013) so no write path can miss it. Reads that many requests ask for
// at once (ten tablets after one change) are computed once per revision (decision 0089).
export const dataRevision = sqliteTable("data_revision", {
  id: integer("id").primaryKey(),
  value: integer("value").notNull().default(0),
});

// A stylist's iCalendar subscription (`/feeds/{token}.ics`): only the SHA-256 hash of the
// secret token is stored, as for sessions. The request window counts this token's fetches
// for its rate limit, in the row itself so every server process shares it.
export const calendarFeeds = sqliteTable("calendar_feeds", {
  stylistId: integer("stylist_id")
    .primaryKey()
    .references(() => stylists.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  windowStartedAt: text("window_started_at"),
  windowCount: integer("window_count").notNull().default(0),
});

// Counters for the public booking page's limits (per address, per phone, per number
// prefix): one row per counted event, read by (bucket, key, at) in the write transaction
// that adds one, so racing requests cannot both pass. Old rows are purged; holds hashes of
// addresses and phones, never the values.
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("rate_limit_hits_idx").on(t.bucket, t.key, t.at)],
);

// Proof-of-work challenges already redeemed: a solved challenge books once.
export const altchaSpent = sqliteTable("altcha_spent", {
  signature: text("signature").primaryKey(),
  expiresAt: text("expires_at").notNull(),
});

// Messages to a client about a booking (confirmation, change, cancellation, acceptance,
// decline; e-mail reminders and receipts), each claimed once per appointment, channel, kind
// and key (the start time or the change's history id) in a write transaction before it is
// sent, as reminders are, so no message goes twice with several server processes.
export const clientNotices = sqliteTable(
  "client_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // A message about a booking names its appointment; a receipt names its sale instead.
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    saleId: integer("sale_id"),
    channel: text("channel", { enum: NOTICE_CHANNELS }).notNull(),
    kind: text("kind", { enum: CLIENT_NOTICE_KINDS }).notNull(),
    key: text("key").notNull(),
    status: text("status", { enum: ["sending", "sent", "failed", "skipped"] })
      .notNull()
      .default("sending"),
    claimedBy: text("claimed_by").notNull(),
    claimedAt: text("claimed_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    finishedAt: text("finished_at"),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("client_notices_unique_idx").on(t.appointmentId, t.channel, t.kind, t.key),
    uniqueIndex("client_notices_sale_unique_idx").on(t.saleId, t.channel, t.kind, t.key),
    index("client_notices_status_idx").on(t.status, t.nextAttemptAt),
  ],
);

// Who did what to which record. Never holds personal data: ids and counts only.
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id"),
    details: text("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

// Checkout (decisions 0117, 0118). Sales, their lines, tips and payments, refunds and
// cash-ups are accounting records: triggers (migration 0019) refuse DELETE and UPDATE,
// except that an erasure may clear a sale's client link and name. No foreign keys to what
// may be deleted later (appointments, users, stylists): names are copied at the sale.
export const sales = sqliteTable(
  "sales",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    receiptNumber: integer("receipt_number").notNull(),
    createdAt: createdAt(),
    soldByUserId: integer("sold_by_user_id"),
    soldByName: text("sold_by_name").notNull(),
    appointmentId: integer("appointment_id"),
    clientId: integer("client_id"),
    clientName: text("client_name"),
    // Sum of the lines' prices before discounts, the discounts, and what the lines come to.
    subtotal: integer("subtotal").notNull(),
    discountTotal: integer("discount_total").notNull(),
    total: integer("total").notNull(),
    // Null when the salon had no VAT number at the sale.
    vatRate: real("vat_rate"),
    vatNumber: text("vat_number"),
    vat: integer("vat").notNull(),
    tipsTotal: integer("tips_total").notNull(),
    // Every payment taken; change handed back in cash.
    paid: integer("paid").notNull(),
    change: integer("change").notNull(),
    idempotencyKey: text("idempotency_key"),
    // SHA-256 of the request that carried the key: the same key with another sale is refused.
    requestHash: text("request_hash"),
  },
  (t) => [
    uniqueIndex("sales_receipt_number_idx").on(t.receiptNumber),
    uniqueIndex("sales_idempotency_key_idx").on(t.idempotencyKey),
    uniqueIndex("sales_appointment_idx").on(t.appointmentId),
    index("sales_created_idx").on(t.createdAt, t.id),
    index("sales_client_idx").on(t.clientId),
  ],
);

export const saleLines = sqliteTable(
  "sale_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    position: integer("position").notNull(),
    kind: text("kind", { enum: SALE_LINE_KINDS }).notNull(),
    serviceId: integer("service_id"),
    productId: integer("product_id"),
    description: text("description").notNull(),
    stylistId: integer("stylist_id"),
    stylistName: text("stylist_name"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    // unitPrice × quantity, the discount on the line, and what is left (VAT included).
    price: integer("price").notNull(),
    discount: integer("discount").notNull(),
    net: integer("net").notNull(),
    vat: integer("vat").notNull(),
    // The stylist's rate in force at the sale (percent) and the commission it gave.
    commissionRate: real("commission_rate"),
    commission: integer("commission").notNull(),
  },
  (t) => [index("sale_lines_sale_idx").on(t.saleId), index("sale_lines_stylist_idx").on(t.stylistId, t.saleId)],
);

export const saleTips = sqliteTable(
  "sale_tips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    stylistId: integer("stylist_id").notNull(),
    stylistName: text("stylist_name").notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [index("sale_tips_sale_idx").on(t.saleId)],
);

export const salePayments = sqliteTable(
  "sale_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [index("sale_payments_sale_idx").on(t.saleId)],
);

export const refunds = sqliteTable(
  "refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    createdAt: createdAt(),
    byUserId: integer("by_user_id"),
    byName: text("by_name").notNull(),
    amount: integer("amount").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [index("refunds_sale_idx").on(t.saleId), index("refunds_created_idx").on(t.createdAt)],
);

export const refundLines = sqliteTable(
  "refund_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    refundId: integer("refund_id")
      .notNull()
      .references(() => refunds.id),
    saleLineId: integer("sale_line_id")
      .notNull()
      .references(() => saleLines.id),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("refund_lines_refund_idx").on(t.refundId), index("refund_lines_line_idx").on(t.saleLineId)],
);

// The end-of-day count of the cash drawer: a recount is another row, the latest counts.
export const cashUps = sqliteTable(
  "cash_ups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: text("date").notNull(),
    countedCash: integer("counted_cash").notNull(),
    expectedCash: integer("expected_cash").notNull(),
    difference: integer("difference").notNull(),
    notes: text("notes"),
    byUserId: integer("by_user_id"),
    byName: text("by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("cash_ups_date_idx").on(t.date, t.id)],
);

// A stylist's commission rates (percent) from the instant they took effect; append-only,
// so a change applies to later sales only (each sale line also keeps the rate it used).
export const commissionRates = sqliteTable(
  "commission_rates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stylistId: integer("stylist_id").notNull(),
    serviceRate: real("service_rate").notNull(),
    productRate: real("product_rate").notNull(),
    effectiveFrom: text("effective_from").notNull(),
    setByUserId: integer("set_by_user_id"),
    createdAt: createdAt(),
  },
  (t) => [index("commission_rates_stylist_idx").on(t.stylistId, t.effectiveFrom, t.id)],
);

export type User = typeof users.$inferSelect;
export type SalonSettings = typeof salonSettings.$inferSelect;
export type Stylist = typeof stylists.$inferSelect;

// The waitlist: clients who want a service in a date range when no slot fits. An entry
// is waiting until its last date has passed (expired), it is removed, or an offer of it
// was accepted (`bookedAppointmentId`).
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    // Null: any stylist.
    stylistId: integer("stylist_id").references(() => stylists.id, { onDelete: "cascade" }),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    times: text("times", { enum: WAITLIST_TIMES }).notNull().default("any"),
    notes: text("notes"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    bookedAppointmentId: integer("booked_appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    bookedAt: text("booked_at"),
  },
  (t) => [
    index("waitlist_entries_dates_idx").on(t.toDate, t.fromDate),
    index("waitlist_entries_client_idx").on(t.clientId),
  ],
);

// One offer of one slot (stylist and start) to one entry's client. At most one offer of a
// stylist's start is "offered" at once (the partial unique index); an entry is never
// offered the same slot twice. The message is claimed like the client notices (a lease
// written on the row in a write transaction), so two server processes send it once.
export const waitlistOffers = sqliteTable(
  "waitlist_offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    entryId: integer("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    stylistId: integer("stylist_id")
      .notNull()
      .references(() => stylists.id, { onDelete: "cascade" }),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    status: text("status", { enum: WAITLIST_OFFER_STATUSES }).notNull().default("offered"),
    holdUntil: text("hold_until").notNull(),
    // A random value signed into the link's token: a new offer never reuses an old link.
    nonce: text("nonce").notNull(),
    createdAt: createdAt(),
    answeredAt: text("answered_at"),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    // The message: "sms" or "email" (null: no way to reach the client), and its claim.
    channel: text("channel", { enum: NOTICE_CHANNELS }),
    sendStatus: text("send_status", { enum: ["sending", "sent", "failed", "skipped"] })
      .notNull()
      .default("sending"),
    claimedBy: text("claimed_by").notNull().default(""),
    nextAttemptAt: text("next_attempt_at"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: text("sent_at"),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("waitlist_offers_live_slot_idx")
      .on(t.stylistId, t.startTime)
      .where(sql`status = 'offered'`),
    uniqueIndex("waitlist_offers_entry_slot_idx").on(t.entryId, t.stylistId, t.startTime),
    index("waitlist_offers_status_idx").on(t.status, t.holdUntil),
    index("waitlist_offers_send_idx").on(t.sendStatus, t.nextAttemptAt),
  ],
);
