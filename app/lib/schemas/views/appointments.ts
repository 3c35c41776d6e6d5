import { z } from "zod";
import { APPOINTMENT_STATUSES, BOOKING_SOURCES } from "#db/enums";
import { AppointmentHistoryEntrySchema } from "../appointment-history";
import { RefusedOccurrenceSchema } from "../appointments";
import { Id, Instant, named } from "./common";

/** A client inside an answer: the name only for those who may not see contact details. */
const AppointmentClientView = named(
  "AppointmentClient",
  z
    .object({ id: Id, name: z.string(), phone: z.string().optional(), email: z.string().nullable().optional() })
    .strict(),
);

const appointment = z
  .object({
    id: Id,
    seriesId: z
      .string()
      .nullable()
      .describe("The repeat booking this occurrence belongs to; null for a single booking."),
    visitId: z
      .string()
      .nullable()
      .describe(
        "The visit this line belongs to (several services booked together for one client); null for a single booking.",
      ),
    clientId: Id.nullable(),
    stylistId: Id,
    serviceId: Id.nullable(),
    startTime: Instant,
    endTime: Instant,
    status: z
      .enum(APPOINTMENT_STATUSES)
      .describe("`requested`: an online booking awaiting staff's Accept or Decline (it holds its slot)."),
    notes: z.string().nullable(),
    price: z.number().int().describe("Pence."),
    availabilityOverride: z.boolean(),
    lateCancellation: z.boolean().describe("Cancelled inside the salon's cancellation notice."),
    source: z
      .enum(BOOKING_SOURCES)
      .describe("`online`: booked by the client on the online booking page; `staff`: by the salon."),
    client: AppointmentClientView.nullable(),
    stylist: z.object({ id: Id, name: z.string() }).strict(),
    service: z
      .object({ id: Id, name: z.string(), price: z.number().int(), category: z.string(), color: z.string().nullable() })
      .strict()
      .nullable(),
  })
  .strict();
export const AppointmentView = named("Appointment", appointment);

/** A write's answer: the appointment, and the client on file it booked when the new client's phone or e-mail matched one. */
export const SavedAppointmentView = named(
  "SavedAppointment",
  appointment.extend({ reusedClient: z.object({ id: Id, name: z.string() }).strict().optional() }).strict(),
);

/** A repeat booking's answer (decision 0087): the occurrences booked and those refused, with the reason. */
export const SeriesBookingView = named(
  "SeriesBooking",
  z
    .object({
      seriesId: z.string(),
      created: z.array(AppointmentView),
      refused: z.array(named("RefusedOccurrence", RefusedOccurrenceSchema.strict())),
    })
    .strict(),
);

/** A visit's answer (decision 0109): its id and its lines, by start time. */
export const VisitBookingView = named(
  "VisitBooking",
  z.object({ visitId: z.string(), appointments: z.array(AppointmentView) }).strict(),
);

/** One recorded change of an appointment (decision 0085). */
export const AppointmentHistoryEntryView = named("AppointmentHistoryEntry", AppointmentHistoryEntrySchema);

export const DashboardStatsView = named(
  "DashboardStats",
  z
    .object({
      totalAppointments: z.number().int(),
      revenue: z.number().int().describe("Pence."),
      pending: z.number().int(),
    })
    .strict(),
);
