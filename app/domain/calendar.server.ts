// What the calendar screen shows for a view and date, in the salon's time zone.
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { db } from "#db/client.server";
import { services, stylistPricing } from "#db/schema";
import { viewRange, type CalendarView } from "~/lib/calendar";
import { dateInZone, dayBounds, minutesInZone, todayInZone, wallClock, type CalendarDate } from "~/lib/salon-time";
import { can } from "./permissions";
import { assertCan, type Actor } from "./access.server";
import { stylistSchedulesForDate, type DaySchedule } from "./availability.server";
import { dashboardStats, listCalendarRows, upcomingAppointments, type AppointmentView, type DashboardStats } from "./appointments.server";
import { getGlobalSettings } from "./settings.server";
import { listVisibleStylists } from "./stylists.server";

/** One appointment as the grid draws it: wall-clock minutes on its salon date. */
export type CalendarItem = {
  id: number;
  stylistId: number;
  date: CalendarDate;
  startMinutes: number;
  endMinutes: number;
  status: AppointmentView["status"];
  clientName: string | null;
  serviceName: string | null;
  /** The service's chosen palette key, or null for the default by name. */
  serviceColor: string | null;
  notes: string | null;
};

export type UpcomingItem = {
  id: number;
  date: CalendarDate;
  startMinutes: number;
  status: AppointmentView["status"];
  clientName: string | null;
  serviceName: string | null;
  serviceColor: string | null;
  notes: string | null;
  stylistName: string;
};

export type CalendarData = {
  timeZone: string;
  today: CalendarDate;
  view: CalendarView;
  date: CalendarDate;
  first: CalendarDate;
  last: CalendarDate;
  query: string;
  /** Opening time in minutes, where the day grid starts scrolled to. */
  openMinutes: number;
  /** The salon's current wall-clock minutes when the page was made, for the "now" line. */
  nowMinutes: number;
  stylists: { id: number; name: string }[];
  /** Day view: each stylist's working hours and time off, for shading the grid. */
  schedules: Record<number, DaySchedule> | null;
  items: CalendarItem[];
  canWrite: boolean;
  /** The side panel (not for display accounts): today's figures and the next appointments. */
  panel: { stats: DashboardStats; upcoming: UpcomingItem[] } | null;
};

export function toUpcoming(appointment: AppointmentView, timeZone: string): UpcomingItem {
  return {
    id: appointment.id,
    date: dateInZone(appointment.startTime, timeZone),
    startMinutes: minutesInZone(appointment.startTime, timeZone),
    status: appointment.status,
    clientName: appointment.client?.name ?? null,
    serviceName: appointment.service?.name ?? null,
    serviceColor: appointment.service?.color ?? null,
    notes: appointment.notes,
    stylistName: appointment.stylist.name,
  };
}

export async function loadCalendar(actor: Actor, request: { view: CalendarView; date?: CalendarDate; query?: string }): Promise<CalendarData> {
  const { timeZone, openTime } = await getGlobalSettings();
  const today = todayInZone(timeZone);
  const date = request.date ?? today;
  const [openHours, openMinutes] = openTime.split(":").map(Number) as [number, number];
  const { first, last } = viewRange(request.view, date);
  const query = request.query?.trim() ?? "";
  const showPanel = actor.role !== "display";

  const stylists = await listVisibleStylists(actor);
  const [schedules, appointments, stats, upcoming] = await Promise.all([
    request.view === "day"
      ? stylistSchedulesForDate(
          stylists.map((stylist) => stylist.id),
          date,
          timeZone,
        )
      : null,
    listCalendarRows(actor, dayBounds(first, timeZone).start, dayBounds(last, timeZone).end),
    showPanel ? dashboardStats(actor, today) : null,
    showPanel ? upcomingAppointments(actor, 3) : null,
  ]);

  const needle = query.toLowerCase();
  const items = appointments
    .filter((appointment) => !needle || (appointment.clientName?.toLowerCase().includes(needle) ?? false))
    .map((appointment) => {
      const start = wallClock(appointment.startTime, timeZone);
      return {
        id: appointment.id,
        stylistId: appointment.stylistId,
        date: start.date,
        startMinutes: start.minutes,
        endMinutes: minutesInZone(appointment.endTime, timeZone) || 24 * 60,
        status: appointment.status,
        clientName: appointment.clientName,
        serviceName: appointment.serviceName,
        serviceColor: appointment.serviceColor,
        notes: appointment.notes,
      };
    });

  return {
    timeZone,
    today,
    view: request.view,
    date,
    first,
    last,
    query,
    openMinutes: openHours * 60 + openMinutes,
    nowMinutes: minutesInZone(new Date(), timeZone),
    stylists: stylists.map(({ id, name }) => ({ id, name })),
    schedules,
    items,
    canWrite: can(actor.role, "appointments.write"),
    panel: stats && upcoming ? { stats, upcoming: upcoming.map((item) => toUpcoming(item, timeZone)) } : null,
  };
}

export type BookingOptions = {
  timeZone: string;
  today: CalendarDate;
  stylists: { id: number; name: string }[];
  services: { id: number; name: string; category: string; duration: number; price: number }[];
  /** The stylist's own durations where they differ from the service's (stylistId -> serviceId -> minutes). */
  customDurations: Record<number, Record<number, number>>;
  ownStylistId: number | null;
  canOverride: boolean;
};

/** What the New / Edit Appointment dialog offers: the stylists one may book for and the bookable services. */
export async function bookingOptions(actor: Actor, includeServiceId?: number | null): Promise<BookingOptions> {
  assertCan(actor, "appointments.write");
  const { timeZone } = await getGlobalSettings();
  const stylists = await listVisibleStylists(actor);
  const stylistIds = stylists.map((stylist) => stylist.id);
  const [serviceRows, pricing] = await Promise.all([
    db
      .select({ id: services.id, name: services.name, category: services.category, duration: services.duration, price: services.price })
      .from(services)
      .where(includeServiceId ? or(eq(services.isActive, true), eq(services.id, includeServiceId)) : eq(services.isActive, true))
      .orderBy(asc(services.category), asc(services.name)),
    stylistIds.length
      ? db
          .select({ stylistId: stylistPricing.stylistId, serviceId: stylistPricing.serviceId, duration: stylistPricing.duration })
          .from(stylistPricing)
          .where(and(inArray(stylistPricing.stylistId, stylistIds), isNotNull(stylistPricing.duration)))
      : [],
  ]);
  const customDurations: Record<number, Record<number, number>> = {};
  for (const row of pricing) if (row.duration) (customDurations[row.stylistId] ??= {})[row.serviceId] = row.duration;
  return {
    timeZone,
    today: todayInZone(timeZone),
    stylists: stylists.map(({ id, name }) => ({ id, name })),
    services: serviceRows,
    customDurations,
    ownStylistId: stylists.find((stylist) => stylist.userId === actor.id)?.id ?? null,
    canOverride: actor.role === "admin",
  };
}
