import { z } from "zod";
import { AppointmentApiSchema, AppointmentListQuerySchema, AppointmentMoveSchema, DashboardQuerySchema } from "~/lib/schemas/appointments";
import { AppointmentView, DashboardStatsView, SavedAppointmentView } from "~/lib/schemas/views/appointments";
import { MessageView } from "~/lib/schemas/views/common";
import type { AppointmentView as Appointment, DashboardStats, SavedAppointment } from "~/domain/appointments.server";
import { answerFits, type ApiArea } from "../registry.server";

// One component for the body POST and PUT share (the route's own schema, named).
const AppointmentInput = AppointmentApiSchema.openapi("AppointmentInput");

const BOOKING_RULES =
  "Refused with 409 when it overlaps another booking of the stylist or falls outside their working hours or time off (an administrator may send `availabilityOverride: true` for the latter), and with 400 outside the salon's hours or booking window.";

export const appointmentsArea: ApiArea = {
  tag: "Appointments",
  description: "Bookings and blocked time. A stylist sees and books only their own column.",
  operations: [
    {
      method: "get",
      path: "/api/appointments",
      summary: "Appointments overlapping a range, by start time",
      description: "`from`/`to` are salon dates (whole days, `to` inclusive) or exact instants; by default 7 days back to the booking limit ahead, at most 92 days.",
      query: AppointmentListQuerySchema,
      paged: true,
      answers: { 200: { description: "A page of appointments.", schema: z.array(AppointmentView) } },
    },
    {
      method: "post",
      path: "/api/appointments",
      summary: "Book an appointment or block time",
      description: `The duration and price come from the service (and the stylist's own pricing) unless \`endTime\` is sent. ${BOOKING_RULES}`,
      body: AppointmentInput,
      answers: { 201: { description: "The new appointment.", schema: SavedAppointmentView } },
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
      description: BOOKING_RULES,
      body: AppointmentInput,
      answers: { 200: { description: "The appointment as saved.", schema: SavedAppointmentView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "patch",
      path: "/api/appointments/{id}",
      summary: "Move an appointment (another time or stylist), keeping its length unless `endTime` is sent",
      description: BOOKING_RULES,
      body: AppointmentMoveSchema,
      answers: { 200: { description: "The appointment as moved.", schema: AppointmentView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "delete",
      path: "/api/appointments/{id}",
      summary: "Delete an appointment",
      answers: { 200: { description: "Deleted.", schema: MessageView } },
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/api/dashboard/stats",
      summary: "Today's Summary for a salon date (default today)",
      query: DashboardQuerySchema,
      answers: { 200: { description: "Appointments, revenue (pence) and pending bookings of the day.", schema: DashboardStatsView } },
      errors: [400],
    },
    {
      method: "get",
      path: "/api/events",
      summary: "Live change feed (Server-Sent Events) for signed-in screens",
      description: "A `text/event-stream` that stays open: one event per change (`Last-Event-ID` resumes). Ids of other stylists' records are left out for stylists.",
      answers: { 200: { description: "The stream.", schema: z.string(), contentType: "text/event-stream" } },
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof AppointmentView, Appointment>();
answerFits<typeof SavedAppointmentView, SavedAppointment>();
answerFits<typeof DashboardStatsView, DashboardStats>();
