import { z } from "zod";
import { REPORT_PERIODS } from "~/lib/report-period";
import { CalendarDate, Id, named } from "./common";

const count = z.number().int();
const pence = z.number().int().describe("Pence.");
const rate = z.number().min(0).max(1);

const figures = {
  totalRevenue: pence,
  completedCount: count,
  averageService: pence,
  appointments: count.describe("Client appointments in the period (blocked time excluded, cancellations included)."),
  cancelledCount: count,
  cancellationRate: rate,
  noShowCount: count,
  noShowRate: rate.describe("No-shows / client appointments in the period."),
  rebookingRate: rate,
  occupancy: rate.nullable().describe("Booked / working minutes; null when nobody was rostered."),
  bookedMinutes: count,
  workingMinutes: count,
  newClients: count,
  returningClients: count,
};

export const ReportView = named(
  "Report",
  z
    .object({
      ...figures,
      period: z.enum(REPORT_PERIODS),
      from: CalendarDate,
      to: CalendarDate,
      allTime: z.boolean(),
      today: CalendarDate,
      timeZone: z.string(),
      scope: z.enum(["salon", "own"]).describe("own: a stylist's own figures."),
      previous: z
        .object({ ...figures, from: CalendarDate, to: CalendarDate })
        .strict()
        .nullable(),
      topServices: z.array(z.object({ serviceId: Id, name: z.string(), completed: count, revenue: pence }).strict()),
      topClients: z.array(z.object({ clientId: Id, name: z.string(), completed: count, revenue: pence }).strict()),
      stylists: z.array(
        z
          .object({
            stylistId: Id,
            name: z.string(),
            appointments: count,
            completed: count,
            cancelled: count,
            noShows: count,
            revenue: pence,
            averageService: pence,
            bookedMinutes: count,
            workingMinutes: count,
            occupancy: rate.nullable(),
          })
          .strict(),
      ),
      daily: z.array(z.object({ date: CalendarDate, revenue: pence, appointments: count }).strict()),
      onlineBookings: count.describe("Client appointments in the period that clients booked online."),
      onlineShare: rate.describe("onlineBookings / appointments (0 when there were none)."),
      revenueSource: z
        .string()
        .describe(
          "Where revenue comes from: completed services at the price charged where a sale exists (a sale sets the appointment's price), at the booked price otherwise; retail, tips and refunds are in /api/reports/takings.",
        ),
    })
    .strict(),
);
