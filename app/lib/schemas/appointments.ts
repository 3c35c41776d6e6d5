import { z } from "zod";
import { APPOINTMENT_STATUSES } from "#db/enums";
import { DURATION_FROM_SERVICE } from "../calendar";
import { MAX_EVERY_WEEKS, MAX_OCCURRENCES } from "../repeat";
import { ADD_VISIT_LINE, MAX_VISIT_LINES, REMOVE_VISIT_LINE, VISIT_LINE_COUNT, visitLineField } from "../visit-lines";
import { isCalendarDate, isClockTime } from "../salon-time";
import { isIsoInstant, isWithinBookingYears, OUT_OF_RANGE_DATE, multiLineText, queryId, text } from "./limits";

export const MAX_SPAN_MINUTES = 24 * 60;

const isoInstant = z
  .string({ required_error: "Required" })
  .max(40, "Use an ISO-8601 date and time with a time zone, e.g. 2026-11-23T10:00:00Z")
  .refine(isIsoInstant, "Use an ISO-8601 date and time with a time zone, e.g. 2026-11-23T10:00:00Z")
  .refine((value) => !isIsoInstant(value) || isWithinBookingYears(new Date(value).toISOString()), OUT_OF_RANGE_DATE);

const optionalText = multiLineText({}, 2000, "Notes")
  .nullish()
  .transform((value) => value || null);

// Booking a service that needs a patch test for a client without a valid one (decision 0126).
export const OVERRIDE_REASON_MAX = 500;
const patchTestConfirmed = z
  .boolean({ invalid_type_error: "patchTestConfirmed must be true or false" })
  .optional()
  .describe(
    'Book although the client has no valid patch test for the service (the 409 `code: "patch_test_required"` warning). Recorded in the history with who confirmed.',
  );
const overrideReason = text({}, OVERRIDE_REASON_MAX, "Override reason")
  .nullish()
  .transform((value) => value || null)
  .describe("Administrators: why the booking goes ahead after a failed patch test (needs patchTestConfirmed).");

/** `POST /api/appointments` and `PUT /api/appointments/{id}` (SPEC §7). */
export const AppointmentApiSchema = z.object({
  patchTestConfirmed,
  overrideReason,
  clientId: z.number().int().positive().nullish(),
  stylistId: z.number({ required_error: "Stylist is required" }).int().positive(),
  serviceId: z.number().int().positive().nullish(),
  startTime: isoInstant,
  endTime: isoInstant.optional(),
  status: z.enum(APPOINTMENT_STATUSES).default("scheduled"),
  notes: optionalText,
  availabilityOverride: z.boolean().optional(),
  notifyClient: z
    .boolean()
    .default(true)
    .describe(
      "Tell the client: e-mail them the confirmation, change or cancellation this write makes (when e-mail is on and they have an address). Default true.",
    ),
});

// Only a calendar date or a full ISO instant, within the booking years: `Date.parse`
// alone reads "1" or "May" as dates.
const listBound = z
  .string()
  .max(40)
  .refine((value) => isCalendarDate(value) || isIsoInstant(value), "Use a date (YYYY-MM-DD) or an ISO-8601 instant")
  .refine((value) => !(isCalendarDate(value) || isIsoInstant(value)) || isWithinBookingYears(value), OUT_OF_RANGE_DATE)
  .optional();

/** `GET /api/appointments`' filter: `from`/`to` as salon dates (whole days, `to` inclusive) or exact instants. */
export const AppointmentListQuerySchema = z.object({ from: listBound, to: listBound, stylistId: queryId.optional() });

/** `GET /api/dashboard/stats`: a salon date, today by default. */
export const DashboardQuerySchema = z.object({
  date: z.string().refine(isCalendarDate, "Use a date in the form YYYY-MM-DD").optional(),
});

/** `PATCH /api/appointments/{id}`: a drag-and-drop move. */
const AppointmentMoveSchema = z.object({
  startTime: isoInstant,
  endTime: isoInstant.optional(),
  stylistId: z.number().int().positive().optional(),
  notifyClient: z
    .boolean()
    .default(true)
    .describe("Tell the client: e-mail them the change (when e-mail is on and they have an address). Default true."),
});

// ---- repeat bookings (decision 0087) ----

export { MAX_EVERY_WEEKS, MAX_OCCURRENCES, MAX_VISIT_LINES };
const EVERY_WEEKS_RANGE = `Repeat every 1 to ${MAX_EVERY_WEEKS} weeks`;
const COUNT_RANGE = `Between 2 and ${MAX_OCCURRENCES} appointments, the first included`;
const UNTIL_REQUIRED = "Choose the date of the last appointment";

const everyWeeks = z
  .number({ required_error: EVERY_WEEKS_RANGE, invalid_type_error: EVERY_WEEKS_RANGE })
  .int(EVERY_WEEKS_RANGE)
  .min(1, EVERY_WEEKS_RANGE)
  .max(MAX_EVERY_WEEKS, EVERY_WEEKS_RANGE);
const calendarDate = z
  .string({ required_error: UNTIL_REQUIRED })
  .max(10, UNTIL_REQUIRED)
  .refine(isCalendarDate, UNTIL_REQUIRED)
  .refine((value) => !isCalendarDate(value) || isWithinBookingYears(value), OUT_OF_RANGE_DATE);

/** How a booking repeats: every N weeks, a number of times (the first included) or until a date (inclusive). */
const RepeatSchema = z.union([
  z
    .object({
      everyWeeks,
      count: z
        .number({ invalid_type_error: COUNT_RANGE })
        .int(COUNT_RANGE)
        .min(2, COUNT_RANGE)
        .max(MAX_OCCURRENCES, COUNT_RANGE),
    })
    .strict(),
  z.object({ everyWeeks, until: calendarDate }).strict(),
]);
export type Repeat = z.output<typeof RepeatSchema>;

/** `POST /api/appointments`: one appointment, or with `repeat` a series of them. */
export const AppointmentCreateApiSchema = AppointmentApiSchema.extend({ repeat: RepeatSchema.optional() });

// ---- visits: several services booked together for one client ----

const VISIT_LINES_RANGE = `A visit has 1 to ${MAX_VISIT_LINES} services`;

/** One line of a visit in `/api`: a service with a stylist; it follows on from the previous line unless a start is sent. */
const VisitLineApiSchema = z
  .object({
    serviceId: z.number({ required_error: "Service is required" }).int().positive(),
    stylistId: z.number({ required_error: "Stylist is required" }).int().positive(),
    startTime: isoInstant
      .optional()
      .describe("Default: when the previous line ends (the first line: the visit's `startTime`)."),
    durationMinutes: z
      .number()
      .int()
      .min(1)
      .max(MAX_SPAN_MINUTES)
      .optional()
      .describe("Default: the service's duration (the stylist's own when set)."),
  })
  .strict();

/**
 * `POST /api/appointments` with `lines`: a visit, each line an appointment of the same
 * client sharing one `visitId`, checked and written whole or not at all.
 */
export const VisitCreateApiSchema = z
  .object({
    clientId: z.number({ required_error: "Client is required" }).int().positive(),
    startTime: isoInstant.optional().describe("The first line's start, unless the line sends its own."),
    notes: optionalText,
    availabilityOverride: z.boolean().optional(),
    patchTestConfirmed,
    overrideReason,
    notifyClient: z
      .boolean()
      .default(true)
      .describe("Tell the client: one confirmation e-mail for the visit. Default true."),
    lines: z
      .array(VisitLineApiSchema, { invalid_type_error: VISIT_LINES_RANGE })
      .min(1, VISIT_LINES_RANGE)
      .max(MAX_VISIT_LINES, VISIT_LINES_RANGE),
  })
  .strict()
  .refine((value) => value.startTime !== undefined || value.lines[0]?.startTime !== undefined, {
    message: "Send the visit's startTime (or the first line's)",
    path: ["startTime"],
  });
export type VisitCreateApi = z.output<typeof VisitCreateApiSchema>;

/** Which lines of a visit an edit, a move or a delete applies to: this service only, or the whole visit. */
export const VisitScopeSchema = z
  .enum(["line", "visit"])
  .default("line")
  .describe(
    'For a line of a visit: `"line"` (default) changes this service only; `"visit"` the whole visit (every line, one refused refuses all, 409). Cannot be combined with `scope: "following"`.',
  );
export type VisitScope = z.output<typeof VisitScopeSchema>;

/** The answer (201) to `POST /api/appointments` with `lines`. */
export const VisitBookingAnswerSchema = z.object({
  visitId: z.string(),
  appointments: z.array(
    z
      .object({ id: z.number().int(), visitId: z.string().nullable(), startTime: z.string(), endTime: z.string() })
      .passthrough(),
  ),
});

/**
 * `POST /api/appointments`' body: a visit when it has `lines`, else one appointment (or with
 * `repeat` a series); each read by its own schema, so errors name its fields.
 */
export const AppointmentPostApiSchema = z.unknown().transform((raw, ctx) => {
  const visit = typeof raw === "object" && raw !== null && "lines" in raw;
  const parsed = visit ? VisitCreateApiSchema.safeParse(raw) : AppointmentCreateApiSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue(issue);
  return z.NEVER;
});

/** Which occurrences of a series an edit or a delete applies to: this one, or this and the later ones still to come. */
export const SeriesScopeSchema = z.enum(["this", "following"]).default("this");
export type SeriesScope = z.output<typeof SeriesScopeSchema>;

/** `PUT /api/appointments/{id}` (an edit) may carry a scope. */
export const AppointmentUpdateApiSchema = AppointmentApiSchema.extend({
  scope: SeriesScopeSchema,
  visitScope: VisitScopeSchema,
});
/** `PATCH /api/appointments/{id}` (a move) may carry a scope; the calendar's drag never does. */
export const AppointmentMoveApiSchema = AppointmentMoveSchema.extend({
  patchTestConfirmed,
  overrideReason,
  scope: SeriesScopeSchema,
  visitScope: VisitScopeSchema,
});
/** `DELETE /api/appointments/{id}?scope=following`. */
export const AppointmentDeleteQuerySchema = z.object({ scope: SeriesScopeSchema, visitScope: VisitScopeSchema });

/** An occurrence the server would not book, and why. */
export const RefusedOccurrenceSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  date: z.string(),
  time: z.string(),
  reason: z.string(),
});
export type RefusedOccurrence = z.output<typeof RefusedOccurrenceSchema>;

/** One occurrence of a series preview: when, and why it cannot be booked (null when it can). */
export const OccurrencePreviewSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  date: z.string(),
  time: z.string(),
  reason: z.string().nullable(),
});
export type OccurrencePreview = z.output<typeof OccurrencePreviewSchema>;

/**
 * The answer (201) to `POST /api/appointments` with `repeat`: the series id, the booked
 * occurrences (each as `GET /api/appointments/{id}` answers it, with `seriesId`), and the
 * refused ones with the reason, both by start time.
 */
export const SeriesBookingAnswerSchema = z.object({
  seriesId: z.string(),
  created: z.array(
    z
      .object({ id: z.number().int(), seriesId: z.string().nullable(), startTime: z.string(), endTime: z.string() })
      .passthrough(),
  ),
  refused: z.array(RefusedOccurrenceSchema),
});

const DURATION_REQUIRED = "Duration is required";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const requiredId = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ required_error: message, invalid_type_error: message }).int().positive(message),
  );

const formFields = {
  clientId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  clientName: text({}, 200, "Client name").optional(),
  clientPhone: text({}, 40, "Phone").optional(),
  clientEmail: z.preprocess(emptyToUndefined, text({}, 254, "Email").email("Invalid email").optional()),
  // The answer to "Book for ... or Create a new client" (decision 0097): a client's id, or
  // "new" for the typed details checked (`clientConfirmFor`).
  clientChoice: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(new|\d{1,12})$/)
      .optional(),
  ),
  clientConfirmFor: z.string().max(400).optional(),
  date: z
    .string({ required_error: "Date is required" })
    .refine(isCalendarDate, "Date is required")
    .refine((value) => !isCalendarDate(value) || isWithinBookingYears(value), OUT_OF_RANGE_DATE),
  time: z.string({ required_error: "Time is required" }).refine(isClockTime, "Time is required"),
  stylistId: requiredId("Stylist is required"),
  serviceId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  duration: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ required_error: DURATION_REQUIRED, invalid_type_error: DURATION_REQUIRED })
      .int()
      .min(1, DURATION_REQUIRED)
      .max(MAX_SPAN_MINUTES),
  ),
  durationFromService: z.boolean().default(false),
  // "stylistId:serviceId:minutes", the duration the form filled in (decision 0098); anything else is ignored.
  filledDuration: z.string().max(40).optional(),
  notes: multiLineText({}, 2000, "Notes").optional(),
  status: z.enum(APPOINTMENT_STATUSES).default("scheduled"),
  availabilityOverride: z.boolean().default(false),
  // "Book anyway" after the patch-test warning, and an administrator's reason after a failed test (decision 0126).
  patchTestConfirmed: z.boolean().default(false),
  overrideReason: text({}, OVERRIDE_REASON_MAX, "Override reason").optional(),
  // The Repeat section (new bookings): read into a `Repeat` by `repeatOf`.
  repeat: z.boolean().default(false),
  repeatEvery: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ invalid_type_error: EVERY_WEEKS_RANGE })
      .int(EVERY_WEEKS_RANGE)
      .min(1, EVERY_WEEKS_RANGE)
      .max(MAX_EVERY_WEEKS, EVERY_WEEKS_RANGE)
      .default(1),
  ),
  repeatEnds: z.enum(["count", "until"]).default("count"),
  repeatCount: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ invalid_type_error: COUNT_RANGE })
      .int(COUNT_RANGE)
      .min(2, COUNT_RANGE)
      .max(MAX_OCCURRENCES, COUNT_RANGE)
      .optional(),
  ),
  repeatUntil: z.preprocess(emptyToUndefined, calendarDate.optional()),
  // The edit dialog's "This appointment only / This and following" (series members).
  scope: SeriesScopeSchema,
  // The edit dialog's "This service only / The whole visit" (lines of a visit).
  visitScope: VisitScopeSchema,
  // The edit dialog's "Tell the client" checkbox (default on); `notifyShown` marks a form
  // that showed it, so an unticked box (sent as nothing) reads as "no" only there.
  notifyClient: z.boolean().default(false),
  notifyShown: z.boolean().default(false),
};

/** Blocked time needs no client and carries no service; everything else needs both (SPEC §5). */
const BlockedFormSchema = z.object(formFields);
const bookingFields = {
  ...formFields,
  clientName: text({ required_error: "Client name is required" }, 200, "Client name").min(1, "Client name is required"),
  serviceId: requiredId("Service is required"),
};
const BookingFormSchema = z.object(bookingFields);
/** The new-booking form without JavaScript: it cannot fill the duration from the service, so an empty one means the service's. */
const BookingFromServiceFormSchema = z.object({ ...bookingFields, duration: formFields.duration.optional() });

/**
 * The New / Edit Appointment dialog (SPEC §3 Appointment form, §5 rules). Which fields
 * are required depends on the status (and, for the duration, on whether the form could
 * fill it in), so the schema is chosen from the submitted form: field-level rules then
 * report every missing field at once.
 */
/** Every schema the booking dialog's form may be read with. */
export const APPOINTMENT_FORM_SCHEMAS = [BlockedFormSchema, BookingFormSchema, BookingFromServiceFormSchema];

export function appointmentFormSchema(formData: FormData) {
  if (formData.get("status") === "blocked") return BlockedFormSchema;
  return formData.get(DURATION_FROM_SERVICE) === "on" ? BookingFromServiceFormSchema : BookingFormSchema;
}

/** What any of the three form schemas gives: the service may be absent (blocked), the duration too (no-JS booking). */
export type AppointmentFormValue = Omit<z.output<typeof BlockedFormSchema>, "duration"> & { duration?: number };

/** The Repeat section as the domain's `Repeat`, or null when not ticked; a missing count or date is a field error. */
export function repeatOf(
  value: Pick<AppointmentFormValue, "repeat" | "repeatEvery" | "repeatEnds" | "repeatCount" | "repeatUntil">,
): { repeat: Repeat | null; errors?: Record<string, string[]> } {
  if (!value.repeat) return { repeat: null };
  if (value.repeatEnds === "until")
    return value.repeatUntil
      ? { repeat: { everyWeeks: value.repeatEvery, until: value.repeatUntil } }
      : { repeat: null, errors: { repeatUntil: [UNTIL_REQUIRED] } };
  return value.repeatCount
    ? { repeat: { everyWeeks: value.repeatEvery, count: value.repeatCount } }
    : { repeat: null, errors: { repeatCount: [COUNT_RANGE] } };
}

/** The booking dialog's names for the fields the domain (and `/api`) call otherwise. */
export const APPOINTMENT_FORM_FIELDS: Record<string, string> = {
  startTime: "time",
  endTime: "duration",
  clientId: "clientName",
  // A new client's phone that is not a valid number (the client rules name it "phone").
  phone: "clientPhone",
};

// ---- the booking dialog's further services (a visit, decision 0109) ----

const EXTRA_LINE_NUMBERS = Array.from({ length: MAX_VISIT_LINES - 1 }, (_, index) => index + 2);
const optionalId = z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional());

/** Every further line's fields, for the form's size limit and for reading them. */
export const VisitLinesFormSchema = z.object({
  [VISIT_LINE_COUNT]: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_VISIT_LINES - 1)
      .default(0),
  ),
  [ADD_VISIT_LINE]: z.string().max(10).optional(),
  [REMOVE_VISIT_LINE]: z.string().max(10).optional(),
  ...Object.fromEntries(
    EXTRA_LINE_NUMBERS.flatMap((n) => [
      [visitLineField(n, "ServiceId"), optionalId],
      [visitLineField(n, "StylistId"), optionalId],
      [
        visitLineField(n, "Duration"),
        z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(MAX_SPAN_MINUTES).optional()),
      ],
      [
        visitLineField(n, "Time"),
        z.preprocess(emptyToUndefined, z.string().refine(isClockTime, "Choose a time").optional()),
      ],
    ]),
  ),
});

/** A further line as the dialog sent it: its service and stylist, a duration (else the service's) and a time (else following on). */
export type VisitLineForm = { serviceId: number; stylistId: number; duration?: number; time?: string };

/**
 * The further lines the dialog sent (lines 2 and up): each needs a service and a stylist; a
 * missing one is a field error naming the line.
 */
export function visitLinesOf(formData: FormData): { lines: VisitLineForm[]; errors?: Record<string, string[]> } {
  const parsed = VisitLinesFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { lines: [], errors: { [VISIT_LINE_COUNT]: ["Check the further services."] } };
  const value = parsed.data as Record<string, unknown>;
  const count = Number(value[VISIT_LINE_COUNT] ?? 0);
  const lines: VisitLineForm[] = [];
  const errors: Record<string, string[]> = {};
  for (let n = 2; n < count + 2; n += 1) {
    const serviceId = value[visitLineField(n, "ServiceId")] as number | undefined;
    const stylistId = value[visitLineField(n, "StylistId")] as number | undefined;
    if (!serviceId) errors[visitLineField(n, "ServiceId")] = [`Choose service ${n}`];
    if (!stylistId) errors[visitLineField(n, "StylistId")] = [`Choose the stylist for service ${n}`];
    if (serviceId && stylistId)
      lines.push({
        serviceId,
        stylistId,
        duration: value[visitLineField(n, "Duration")] as number | undefined,
        time: value[visitLineField(n, "Time")] as string | undefined,
      });
  }
  return Object.keys(errors).length ? { lines, errors } : { lines };
}

/**
 * The form as sent with one further line added (`ADD_VISIT_LINE`) or line `n` removed
 * (`REMOVE_VISIT_LINE=n`, the later ones moving up), for the dialog to show again: how the
 * "Add service" and "Remove" buttons work without JavaScript. Null when neither was pressed.
 */
export function withLinesEdited(formData: FormData): { formData: FormData; lineCount: number } | null {
  const adding = formData.get(ADD_VISIT_LINE) !== null;
  const removing = Number(formData.get(REMOVE_VISIT_LINE));
  if (!adding && !(removing >= 2)) return null;
  const count = Math.min(Math.max(Number(formData.get(VISIT_LINE_COUNT)) || 0, 0), MAX_VISIT_LINES - 1);
  const next = new FormData();
  for (const [name, entry] of formData) {
    if (name === ADD_VISIT_LINE || name === REMOVE_VISIT_LINE || name === VISIT_LINE_COUNT || /^line\d+/.test(name))
      continue;
    next.append(name, entry);
  }
  const fields = ["ServiceId", "StylistId", "Duration", "Time"] as const;
  let to = 2;
  for (let n = 2; n < count + 2; n += 1) {
    if (n === removing) continue;
    for (const field of fields)
      next.set(visitLineField(to, field), String(formData.get(visitLineField(n, field)) ?? ""));
    to += 1;
  }
  let lineCount = to - 2;
  if (adding && lineCount < MAX_VISIT_LINES - 1) {
    // A new line follows on, with the previous line's stylist.
    const previous = lineCount === 0 ? formData.get("stylistId") : next.get(visitLineField(to - 1, "StylistId"));
    next.set(visitLineField(to, "StylistId"), String(previous ?? ""));
    lineCount += 1;
  }
  next.set(VISIT_LINE_COUNT, String(lineCount));
  return { formData: next, lineCount };
}
