// The calendar's rows of the permission matrix (SPEC §6): everyone sees the calendar;
// admins and stylists book (a stylist only in their own column); display accounts look.
// Only admins override the working hours and book past the advance limit (decision 0090).
import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { db } from "#db/client.server";
import { appointments, stylists } from "#db/schema";
import * as editDialog from "~/routes/_app.calendar.appointments.$appointmentId";
import * as newDialog from "~/routes/_app.calendar.appointments.new";
import * as calendar from "~/routes/_app.calendar";
import * as upcoming from "~/routes/_app.calendar.upcoming";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentHistory from "~/routes/api.appointments.$id.history";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as stats from "~/routes/api.dashboard.stats";
import * as clientSearch from "~/routes/resources.client-search";
import { addDays, rotaDayNumber, todayInZone, type CalendarDate } from "~/lib/salon-time";
import { createTestUser } from "../factories";
import { createClient, createService, setBookingRules } from "../calendar-factories";
import {
  ADMIN,
  ALL,
  describeFieldMatrix,
  describePermissionMatrix,
  pageRow,
  STAFF,
  type FieldRow,
  type MatrixActor,
  type MatrixRow,
} from "../permission-matrix";

let slot = 0;
// Stylists book in 2027 here: the booking advance limit is not what these rows test.
beforeAll(() => setBookingRules({ bookingAdvanceLimit: 730 }));
type Target = { id: number; stylistId: number; serviceId: number; clientId: number; startTime: string };

/** An appointment in the actor's own column when they are a stylist, otherwise in another stylist's. */
async function target(actor: MatrixActor | null): Promise<Target> {
  const [own] = actor
    ? await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, actor.user.id))
    : [];
  const stylistId =
    own?.id ??
    (
      await db
        .select({ id: stylists.id })
        .from(stylists)
        .where(eq(stylists.userId, (await createTestUser("stylist")).id))
    )[0]!.id;
  const service = await createService();
  const client = await createClient();
  slot += 1;
  // A weekday (stylists do not work on Sundays by default), one per attempt.
  const date = addDays("2027-01-04", Math.floor(slot / 5) * 7 + (slot % 5));
  const startTime = `${date}T10:00:00.000Z`;
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId,
      serviceId: service.id,
      clientId: client.id,
      startTime,
      endTime: startTime.replace("T10:", "T11:"),
      price: 4500,
    })
    .returning({ id: appointments.id });
  return { id: row!.id, stylistId, serviceId: service.id, clientId: client.id, startTime };
}

/** An appointment an admin booked outside the hours (18:00-19:00) with the override, in the same column as `target`'s. */
async function overriddenTarget(actor: MatrixActor | null): Promise<Target> {
  const t = await target(actor);
  const startTime = t.startTime.replace("T10:", "T18:");
  await db
    .update(appointments)
    .set({ startTime, endTime: startTime.replace("T18:", "T19:"), availabilityOverride: true })
    .where(eq(appointments.id, t.id));
  return { ...t, startTime };
}

/** A working day (not a Sunday) past the 730-day advance limit set above, counted from today whatever today is. */
function pastTheLimit(): CalendarDate {
  const date = addDays(todayInZone("Europe/London"), 740);
  return rotaDayNumber(date, "weekly") === 7 ? addDays(date, 1) : date;
}

const formBody = (t: Target) => ({
  intent: "update",
  clientId: t.clientId,
  clientName: "Someone",
  stylistId: t.stylistId,
  serviceId: t.serviceId,
  date: t.startTime.slice(0, 10),
  time: "12:00",
  duration: 60,
  status: "scheduled",
});
const apiBody = (t: Target) => ({
  clientId: t.clientId,
  stylistId: t.stylistId,
  serviceId: t.serviceId,
  startTime: t.startTime.replace("T10:", "T13:"),
  status: "scheduled",
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  pageRow("/calendar", calendar.loader, ALL),
  pageRow("/calendar/upcoming", upcoming.loader, ALL),
  pageRow("/calendar/appointments/new", newDialog.loader, STAFF),
  {
    name: "GET /calendar/appointments/:id",
    kind: "page",
    handler: editDialog.loader,
    method: "GET",
    setup: target,
    path: (_, t: Target) => `/calendar/appointments/${t.id}`,
    params: (_, t: Target) => ({ appointmentId: String(t.id) }),
    allowed: STAFF,
  },
  {
    name: "POST /calendar/appointments/new (book)",
    kind: "page",
    handler: newDialog.action,
    method: "POST",
    setup: target,
    path: () => "/calendar/appointments/new",
    body: (_, t: Target) => ({ ...formBody(t), intent: "create", time: "15:00" }),
    allowed: STAFF,
  },
  {
    name: "POST /calendar/appointments/:id (edit)",
    kind: "page",
    handler: editDialog.action,
    method: "POST",
    setup: target,
    path: (_, t: Target) => `/calendar/appointments/${t.id}`,
    params: (_, t: Target) => ({ appointmentId: String(t.id) }),
    body: (_, t: Target) => formBody(t),
    allowed: STAFF,
  },
  {
    name: "POST /calendar/appointments/:id (delete)",
    kind: "page",
    handler: editDialog.action,
    method: "POST",
    setup: target,
    path: (_, t: Target) => `/calendar/appointments/${t.id}`,
    params: (_, t: Target) => ({ appointmentId: String(t.id) }),
    body: () => ({ intent: "delete" }),
    allowed: STAFF,
  },
  {
    name: "POST /calendar (drag move)",
    kind: "page",
    handler: calendar.action,
    method: "POST",
    setup: target,
    path: () => "/calendar",
    body: (_, t: Target) => ({
      intent: "move",
      id: t.id,
      stylistId: t.stylistId,
      date: t.startTime.slice(0, 10),
      time: "16:00",
    }),
    allowed: STAFF,
  },
  {
    name: "POST /calendar (drag move, the whole visit)",
    kind: "page",
    handler: calendar.action,
    method: "POST",
    setup: target,
    path: () => "/calendar",
    body: (_, t: Target) => ({
      intent: "move",
      id: t.id,
      stylistId: t.stylistId,
      date: t.startTime.slice(0, 10),
      time: "14:00",
      visitScope: "visit",
    }),
    allowed: STAFF,
  },
  {
    name: "POST /calendar/appointments/new (book a visit of two services)",
    kind: "page",
    handler: newDialog.action,
    method: "POST",
    setup: target,
    path: () => "/calendar/appointments/new",
    body: (_, t: Target) => ({
      ...formBody(t),
      intent: "create",
      time: "14:00",
      duration: 30,
      lineCount: 1,
      line2ServiceId: t.serviceId,
      line2StylistId: t.stylistId,
    }),
    allowed: STAFF,
  },
  {
    name: "POST /api/appointments (a visit: lines)",
    kind: "api",
    handler: appointmentsApi.action,
    method: "POST",
    setup: target,
    path: () => "/api/appointments",
    body: (_, t: Target) => ({
      clientId: t.clientId,
      startTime: t.startTime.replace("T10:", "T14:"),
      lines: [
        { serviceId: t.serviceId, stylistId: t.stylistId, durationMinutes: 30 },
        { serviceId: t.serviceId, stylistId: t.stylistId, durationMinutes: 30 },
      ],
    }),
    allowed: STAFF,
  },
  {
    name: "GET /api/appointments",
    kind: "api",
    handler: appointmentsApi.loader,
    method: "GET",
    path: () => "/api/appointments",
    allowed: ALL,
  },
  {
    name: "GET /api/dashboard/stats",
    kind: "api",
    handler: stats.loader,
    method: "GET",
    path: () => "/api/dashboard/stats?date=2027-01-01",
    allowed: ALL,
  },
  {
    name: "GET /resources/client-search",
    kind: "api",
    handler: clientSearch.loader,
    method: "GET",
    path: () => "/resources/client-search?q=Client",
    allowed: ALL,
  },
  {
    name: "POST /api/appointments",
    kind: "api",
    handler: appointmentsApi.action,
    method: "POST",
    setup: target,
    path: () => "/api/appointments",
    body: (_, t: Target) => apiBody(t),
    allowed: STAFF,
  },
  {
    name: "POST /api/appointments with the availability override",
    kind: "api",
    handler: appointmentsApi.action,
    method: "POST",
    setup: target,
    path: () => "/api/appointments",
    body: (_, t: Target) => ({ ...apiBody(t), availabilityOverride: true }),
    allowed: ADMIN,
  },
  {
    name: "POST /calendar/appointments/new (book with the override ticked)",
    kind: "page",
    handler: newDialog.action,
    method: "POST",
    setup: target,
    path: () => "/calendar/appointments/new",
    body: (_, t: Target) => ({ ...formBody(t), intent: "create", time: "15:00", availabilityOverride: "on" }),
    allowed: ADMIN,
  },
  {
    // "appointments.beyondAdvanceLimit": a stylist may book, so the limit refuses them as a rule does (400).
    name: "POST /api/appointments past the booking advance limit",
    kind: "api",
    handler: appointmentsApi.action,
    method: "POST",
    setup: target,
    path: () => "/api/appointments",
    body: (_, t: Target) => ({ ...apiBody(t), startTime: `${pastTheLimit()}T12:00:00.000Z` }),
    allowed: ADMIN,
    refusedStatus: { stylist: 400 },
  },
  {
    // An admin's override excuses the hours when an admin moves the booking; a stylist's move is held to them (409).
    name: "PATCH /api/appointments/{id} (an overridden booking, still outside the hours)",
    kind: "api",
    handler: appointmentById.action,
    method: "PATCH",
    setup: overriddenTarget,
    path: (_, t: Target) => `/api/appointments/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    body: (_, t: Target) => ({ startTime: t.startTime.replace("T18:", "T19:") }),
    allowed: ADMIN,
    refusedStatus: { stylist: 409 },
  },
  {
    name: "GET /api/appointments/{id}",
    kind: "api",
    handler: appointmentById.loader,
    method: "GET",
    setup: target,
    path: (_, t: Target) => `/api/appointments/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: ALL,
  },
  {
    // Whoever may edit the appointment reads its history (decision 0085); display accounts do not.
    name: "GET /api/appointments/{id}/history",
    kind: "api",
    handler: appointmentHistory.loader,
    method: "GET",
    setup: target,
    path: (_, t: Target) => `/api/appointments/${t.id}/history`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: STAFF,
  },
  {
    name: "PUT /api/appointments/{id}",
    kind: "api",
    handler: appointmentById.action,
    method: "PUT",
    setup: target,
    path: (_, t: Target) => `/api/appointments/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    body: (_, t: Target) => apiBody(t),
    allowed: STAFF,
  },
  {
    name: "PATCH /api/appointments/{id}",
    kind: "api",
    handler: appointmentById.action,
    method: "PATCH",
    setup: target,
    path: (_, t: Target) => `/api/appointments/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    body: (_, t: Target) => ({ startTime: t.startTime.replace("T10:", "T14:") }),
    allowed: STAFF,
  },
  {
    name: "DELETE /api/appointments/{id}",
    kind: "api",
    handler: appointmentById.action,
    method: "DELETE",
    setup: target,
    path: (_, t: Target) => `/api/appointments/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: STAFF,
  },
];

describePermissionMatrix("permission matrix: calendar", ROWS);

// A booked client's phone and e-mail ride along with an appointment for staff only ("clients.contact").
type Appointment = { id: number; client: Record<string, unknown> | null };
const clientsOf = (answer: Appointment[], t: Target) => answer.filter((a) => a.id === t.id).map((a) => a.client!);
const CONTACT_ROWS: FieldRow<Target>[] = [
  {
    name: "GET /api/appointments",
    kind: "api",
    handler: appointmentsApi.loader,
    setup: target,
    path: (_, t) => `/api/appointments?from=${t.startTime.slice(0, 10)}&to=${t.startTime.slice(0, 10)}`,
    records: (answer, t) => clientsOf(answer as Appointment[], t),
    fields: ["phone", "email"],
    shownTo: STAFF,
  },
  {
    name: "GET /api/appointments/{id}",
    kind: "api",
    handler: appointmentById.loader,
    setup: target,
    path: (_, t) => `/api/appointments/${t.id}`,
    params: (_, t) => ({ id: String(t.id) }),
    records: (answer, t) => clientsOf([answer as Appointment], t),
    fields: ["phone", "email"],
    shownTo: STAFF,
  },
];

describeFieldMatrix("permission matrix: clients' contact details in the calendar", CONTACT_ROWS);
