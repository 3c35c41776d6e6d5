// An appointment as every screen and `/api` show it: one row joined to its client, stylist
// and service, the client's contact details only for those who may see them. Reads, the
// rules and repeat bookings share this shape and the overlap condition.
import { and, asc, desc, eq, gt, gte, lt, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Executor } from "#db/client.server";
import { appointments, clients, services, stylists, type AppointmentStatus } from "#db/schema";
import type { BookingSource } from "#db/enums";
import { MAX_SPAN_MINUTES } from "~/lib/schemas/appointments";
import type { Actor } from "./access.server";
import { clientFor, type ClientFor, type ClientSummary } from "./clients.server";

export type AppointmentView = {
  id: number;
  clientId: number | null;
  stylistId: number;
  serviceId: number | null;
  startTime: string;
  endTime: string;
  status: AppointmentStatus;
  notes: string | null;
  price: number;
  availabilityOverride: boolean;
  /** The repeat booking it belongs to (decision 0087), or null. */
  seriesId: string | null;
  /** The visit (several services booked together) this line belongs to, or null. */
  visitId: string | null;
  /** Cancelled inside the salon's cancellation notice. */
  lateCancellation: boolean;
  /** "online": booked by the client on the booking page. */
  source: BookingSource;
  /** Phone and e-mail only for those who may see clients' contact details. */
  client: ClientFor<ClientSummary> | null;
  stylist: { id: number; name: string };
  service: { id: number; name: string; price: number; category: string; color: string | null } | null;
};

const MAX_LOOKBACK_MS = MAX_SPAN_MINUTES * 60_000;
const stylistTable = alias(stylists, "stylist");

const viewColumns = {
  id: appointments.id,
  clientId: appointments.clientId,
  stylistId: appointments.stylistId,
  serviceId: appointments.serviceId,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
  notes: appointments.notes,
  price: appointments.price,
  availabilityOverride: appointments.availabilityOverride,
  seriesId: appointments.seriesId,
  visitId: appointments.visitId,
  lateCancellation: appointments.lateCancellation,
  source: appointments.source,
  clientName: clients.name,
  clientPhone: clients.phone,
  clientEmail: clients.email,
  stylistName: stylistTable.name,
  serviceName: services.name,
  servicePrice: services.price,
  serviceCategory: services.category,
  serviceColor: services.color,
};

type ViewRow = Awaited<ReturnType<typeof selectViews>>[number];

export function toView(actor: Actor, row: ViewRow): AppointmentView {
  return {
    id: row.id,
    clientId: row.clientId,
    stylistId: row.stylistId,
    serviceId: row.serviceId,
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    notes: row.notes,
    price: row.price,
    availabilityOverride: row.availabilityOverride,
    seriesId: row.seriesId,
    visitId: row.visitId,
    lateCancellation: row.lateCancellation,
    source: row.source,
    client:
      row.clientId !== null && row.clientName !== null
        ? clientFor(actor, {
            id: row.clientId,
            name: row.clientName,
            phone: row.clientPhone ?? "",
            email: row.clientEmail,
          })
        : null,
    stylist: { id: row.stylistId, name: row.stylistName ?? "" },
    service:
      row.serviceId !== null && row.serviceName !== null
        ? {
            id: row.serviceId,
            name: row.serviceName,
            price: row.servicePrice ?? 0,
            category: row.serviceCategory ?? "",
            color: row.serviceColor,
          }
        : null,
  };
}

export function selectViews(executor: Executor, where: SQL | undefined, direction: "asc" | "desc" = "asc") {
  const order = direction === "asc" ? asc : desc;
  return executor
    .select(viewColumns)
    .from(appointments)
    .innerJoin(stylistTable, eq(stylistTable.id, appointments.stylistId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(where)
    .orderBy(order(appointments.startTime), order(appointments.id));
}

/** Appointments overlapping [from, to), using the (stylist, start) and (start) indexes. */
export function overlapping(from: Date, to: Date): SQL {
  return and(
    gte(appointments.startTime, new Date(from.getTime() - MAX_LOOKBACK_MS).toISOString()),
    lt(appointments.startTime, to.toISOString()),
    gt(appointments.endTime, from.toISOString()),
  )!;
}
