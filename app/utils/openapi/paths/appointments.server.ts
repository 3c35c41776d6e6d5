import { z } from "zod";
import {
  AppointmentCreateApiSchema,
  AppointmentDeleteQuerySchema,
  AppointmentListQuerySchema,
  AppointmentMoveApiSchema,
  AppointmentUpdateApiSchema,
  DashboardQuerySchema,
  VisitCreateApiSchema,
} from "~/lib/schemas/appointments";
import {
  AppointmentHistoryEntryView,
  AppointmentView,
  DashboardStatsView,
  SavedAppointmentView,
  SeriesBookingView,
  VisitBookingView,
} from "~/lib/schemas/views/appointments";
import { MessageView } from "~/lib/schemas/views/common";
import type { AppointmentView as Appointment, DashboardStats, SavedAppointment } from "~/domain/appointments.server";
import type { SeriesBooking } from "~/domain/appointment-series.server";
import type { VisitBooking } from "~/domain/visits.server";
import type { AppointmentHistoryEntry } from "~/lib/schemas/appointment-history";
import { answerFits, type ApiArea } from "../registry.server";

// The routes' own body schemas, named.
const AppointmentInput = AppointmentCreateApiSchema.openapi("AppointmentInput");
const AppointmentUpdate = AppointmentUpdateApiSchema.openapi("AppointmentUpdate");
const VisitInput = VisitCreateApiSchema.openapi("VisitInput");
const VISIT_SCOPE =
  '`visitScope: "visit"` applies it to the whole visit of this line: every other line moves by the same wall-clock shift in its own column, keeping its length, service, stylist and price (with PUT also the client, the notes and a status change to cancelled or back to scheduled); one refused line refuses all, naming it (409 or 400). Sending both `scope: "following"` and `visitScope: "visit"` is 400.';
const SCOPE =
  '`scope: "following"` applies the change to the later occurrences of its repeat booking that have not started yet (the same wall-clock shift; one refused refuses all, 409).';

const BOOKING_RULES =
  'Refused with 409 when it overlaps another booking of the stylist or falls outside their working hours or time off (an administrator may send `availabilityOverride: true` for the latter), and with 400 outside the salon\'s hours or booking window. A service that needs a patch test, for a client without a passed test at least its `patchTestLeadHours` before the start and at most `patchTestValidDays` old, is 409 `{ message, code: "patch_test_required", patchTest }` (`missing`, `too_recent`, `expired` or `failed`) unless the body sends `patchTestConfirmed: true`; after a failed test also an `overrideReason`, and only an administrator may (403 otherwise). The confirmation is recorded in the history with who confirmed.';

export const appointmentsArea: ApiArea = {
  tag: "Appointments",
  description: "Bookings and blocked time. A stylist sees and books only their own column.",
  operations: [
    {
      method: "get",
      path: "/api/appointments",
      summary: "Appointments overlapping a range, by start time",
      description:
        "`from`/`to` are salon dates (whole days, `to` inclusive) or exact instants; by default 7 days back to the booking limit ahead, at most 92 days.",
      query: AppointmentListQuerySchema,
      paged: true,
      answers: { 200: { description: "A page of appointments.", schema: z.array(AppointmentView) } },
    },
    {
      method: "post",
      path: "/api/appointments",
      summary: "Book an appointment, a visit (several services), a repeat booking, or block time",
      description: `The duration and price come from the service (and the stylist's own pricing) unless \`endTime\` is sent. ${BOOKING_RULES} With \`repeat\` (every 1-12 weeks, a \`count\` of 2-52 or \`until\` a date), one transaction books every free occurrence at the same wall-clock time and answers the refused ones with the reason; none free is 409 with \`refused\`. With \`lines\` (1 to 6, \`VisitInput\`), a visit: each line an appointment of the client sharing one \`visitId\`, following on from the previous line unless it sends its own \`startTime\`, with the service's duration and price unless \`durationMinutes\` is sent; all lines are checked and written in one transaction, and one refused line refuses the visit with a message naming it ("Line 2 (Colour with Sam): ..."). The client is a \`clientId\`: the API never creates or guesses a client from a name or phone (decision 0097).`,
      body: z.union([AppointmentInput, VisitInput]),
      answers: {
        201: {
          description: "The new appointment, with `repeat` the series, or with `lines` the visit.",
          schema: z.union([SavedAppointmentView, SeriesBookingView, VisitBookingView]),
        },
      },
      errors: [400, 403, 404, 409],
    },
    {
      method: "get",
      path: "/api/appointments/{id}",
      summary: "One appointment",
      answers: { 200: { description: "The appointment.", schema: AppointmentView } },
      errors: [404],
    },
    {
      method: "put",
      path: "/api/appointments/{id}",
      summary: "Change an appointment (every field)",
      description: `${BOOKING_RULES} ${SCOPE} ${VISIT_SCOPE}`,
      body: AppointmentUpdate,
      answers: { 200: { description: "The appointment as saved.", schema: SavedAppointmentView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "patch",
      path: "/api/appointments/{id}",
      summary: "Move an appointment (another time or stylist), keeping its length unless `endTime` is sent",
      description: `${BOOKING_RULES} ${SCOPE} ${VISIT_SCOPE}`,
      body: AppointmentMoveApiSchema,
      answers: { 200: { description: "The appointment as moved.", schema: AppointmentView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "delete",
      path: "/api/appointments/{id}",
      summary: "Delete an appointment",
      description:
        "`?scope=following` also deletes the later occurrences of its repeat booking that have not started yet; past ones are never deleted. `?visitScope=visit` deletes every line of its visit (a stylist only when every line is in their column).",
      query: AppointmentDeleteQuerySchema,
      answers: { 200: { description: "Deleted.", schema: MessageView } },
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/api/appointments/{id}/history",
      summary: "What happened to an appointment: every create, edit, move, status change and delete, newest first",
      description:
        "Append-only; it outlives the appointment. Administrators read any, a stylist their own column's (404 otherwise); display accounts 403.",
      paged: true,
      answers: { 200: { description: "A page of history entries.", schema: z.array(AppointmentHistoryEntryView) } },
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/api/dashboard/stats",
      summary: "Today's Summary for a salon date (default today)",
      query: DashboardQuerySchema,
      answers: {
        200: {
          description: "Appointments, revenue (pence) and pending bookings of the day.",
          schema: DashboardStatsView,
        },
      },
      errors: [400],
    },
    {
      method: "get",
      path: "/api/events",
      summary: "Live change feed (Server-Sent Events) for signed-in screens",
      description:
        "A `text/event-stream` that stays open: one event per change. The `Last-Event-ID` header, or a `lastEventId` query parameter (how a page starts from the change feed's position when it was made), replays what came after that event first. When that replay cannot be complete (more than 500 changes since, or changes older than the 24 hours the feed keeps), the stream sends one `reload` event instead, with the feed's current position as its id: the client should reload everything it shows, then carry on with the live events. Ids of other stylists' records are left out for stylists.",
      answers: { 200: { description: "The stream.", schema: z.string(), contentType: "text/event-stream" } },
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof AppointmentView, Appointment>();
answerFits<typeof SavedAppointmentView, SavedAppointment>();
answerFits<typeof SeriesBookingView, Omit<SeriesBooking, "reusedClient">>();
answerFits<typeof VisitBookingView, Omit<VisitBooking, "reusedClient">>();
answerFits<typeof AppointmentHistoryEntryView, AppointmentHistoryEntry>();
answerFits<typeof DashboardStatsView, DashboardStats>();
