// The schema's enumerations, in a module of their own so that browser code can use them
// without pulling Drizzle into the client bundle.
export const ROLES = ["admin", "stylist", "display"] as const;
export type Role = (typeof ROLES)[number];
// "requested": an online booking awaiting staff's Accept or Decline; it holds its slot.
export const APPOINTMENT_STATUSES = ["scheduled", "completed", "cancelled", "blocked", "no_show", "requested"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** What an appointment history entry records (decision 0085). */
export const APPOINTMENT_HISTORY_KINDS = ["created", "edited", "moved", "status_changed", "deleted"] as const;
export type AppointmentHistoryKind = (typeof APPOINTMENT_HISTORY_KINDS)[number];
export const PATCH_TEST_RESULTS = ["pass", "fail"] as const;
export type PatchTestResult = (typeof PATCH_TEST_RESULTS)[number];
/** What the patch-test check finds for a booking that lacks a valid test (decision 0126). */
export const PATCH_TEST_FINDINGS = ["missing", "too_recent", "expired", "failed"] as const;
export type PatchTestFinding = (typeof PATCH_TEST_FINDINGS)[number];
export const CONSENT_TYPES = ["service", "marketing", "both", "online"] as const;
export const LEGAL_BASES = ["consent", "contract", "legitimate_interest", "legal_obligation"] as const;
export const SMS_PROVIDERS = ["plivo", "twilio", "messagebird"] as const;
export const SCHEDULE_MODES = ["weekly", "biweekly"] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
/** How clock times read: "9:00 AM" (SPEC, the default) or "9:00"/"13:00". */
export const CLOCK_FORMATS = ["12h", "24h"] as const;
export type ClockFormat = (typeof CLOCK_FORMATS)[number];
/** A client's details whose former values are kept for erasure (decision 0094). */
export const CLIENT_DETAIL_FIELDS = ["name", "email", "phone"] as const;
export type ClientDetailField = (typeof CLIENT_DETAIL_FIELDS)[number];
/** Who made a booking: the salon's staff (or a script), or the client on the booking page. */
export const BOOKING_SOURCES = ["staff", "online"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
/** What a message to a client about their booking says (claimed once per appointment, kind and key). */
export const CLIENT_NOTICE_KINDS = [
  "confirmation",
  "change",
  "cancellation",
  "accepted",
  "declined",
  "reminder",
  "receipt",
] as const;
export type ClientNoticeKind = (typeof CLIENT_NOTICE_KINDS)[number];
/** How the connection to the salon's SMTP server is secured: STARTTLS (587), TLS from the start (465), or none. */
export const SMTP_SECURITIES = ["starttls", "tls", "none"] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];
/** What an e-mail to a client is (the e-mail log's kinds). */
export const EMAIL_KINDS = ["confirmation", "change", "cancellation", "reminder", "test", "receipt"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const NOTICE_CHANNELS = ["sms", "email"] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
/** How a sale is paid (decision 0118): on the salon's own card terminal, never card data here. */
export const PAYMENT_METHODS = ["cash", "card", "voucher", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const SALE_LINE_KINDS = ["service", "product"] as const;
export type SaleLineKind = (typeof SALE_LINE_KINDS)[number];
/** When in the day a waitlist entry's client can come (salon wall clock of the start): before noon, noon to 17:00, from 17:00. */
export const WAITLIST_TIMES = ["any", "morning", "afternoon", "evening"] as const;
export type WaitlistTimes = (typeof WAITLIST_TIMES)[number];
/** A waitlist offer: held for the client, taken (booked), turned down, run out, or withdrawn (the entry removed). */
export const WAITLIST_OFFER_STATUSES = ["offered", "accepted", "declined", "expired", "withdrawn"] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];
