// What the calendar screen shows for a view and date, in the salon's time zone. The Day view
// gets each appointment as a block; the Week gets the blocks of the stylists it draws
// (decision 0114); Week and Month get a summary per day (and stylist), counted by the
// database, so the Month's cost grows with days and stylists, not appointments.
import type { PatchTestFinding } from "#db/enums";
import { findingsFor } from "./patch-tests.server";
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import { services, stylistPricing, stylists } from "#db/schema";
import { viewRange, WEEK_BLOCKS_AT_ONCE, WEEK_STYLISTS_AT_ONCE, type CalendarView } from "~/lib/calendar";
import { MAX_SPAN_MINUTES } from "~/lib/schemas/appointments";
import { processingWindow } from "~/lib/service-limits";
import {
  addDays,
  dateInZone,
  dayBounds,
  minutesInZone,
  todayInZone,
  wallClock,
  type CalendarDate,
} from "~/lib/salon-time";
import { can } from "./permissions";
import { assertCan, type Actor } from "./access.server";
import { stylistSchedulesForDate, stylistSchedulesForDates, type DaySchedule } from "./availability.server";
import { dashboardStats, upcomingAppointments, type AppointmentView, type DashboardStats } from "./appointments.server";
import { customPrice } from "./pricing.server";
import { getGlobalSettings } from "./settings.server";
import { sharedRead } from "./shared-reads.server";
import { listCalendarStylists, listVisibleStylists, seesColleaguesReadOnly, stylistIdForUser } from "./stylists.server";
import { NotFound } from "./errors";

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
  /** Only blocked time shows its notes on the grid; null otherwise. */
  /** The service's chosen palette key, or null for the default by name. */
  serviceColor: string | null;
  notes: string | null;
  /** A booking inside its stylist's time off (added after it was booked): the grid marks it. */
  duringTimeOff: boolean;
  lateCancellation: boolean;
  /** One of a repeat series (decision 0087): the grid marks it. */
  inSeries: boolean;
  /** Booked by the client on the online booking page: the grid marks it "Online". */
  online: boolean;
  /** A line of a visit (several services booked together, decision 0109): the grid marks it. */
  inVisit: boolean;
  /** Its processing part as minutes after the start, [from, to) (decision 0111): drawn lighter; null: none. */
  processing: [number, number] | null;
  /** The client's patch test falls short for this service (decision 0126): the grid marks it; absent or null: nothing to mark. */
  patchTest?: PatchTestFinding | null;
  /** A sale was taken for it (checkout, decision 0119): the grid marks it "Paid". */
  paid: boolean;
};

/** A service in the Service Colors legend: its name and chosen palette key (null: the default by name). */
export type LegendEntry = { name: string; color: string | null };
const sortLegend = (legend: LegendEntry[]) => legend.sort((a, b) => a.name.localeCompare(b.name));

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

/** A day at Week or Month zoom, for one stylist or the whole salon. */
export type DaySummary = {
  /** Appointments (scheduled and completed: not blocked time, not cancellations, not no-shows). */
  count: number;
  /** Appointments the client missed (no-shows), shown beside the count. */
  noShows: number;
  /** Wall-clock minutes of the first start and the last end, null when there are none. */
  first: number | null;
  last: number | null;
  /** Minutes taken (appointments and blocked time) and minutes of working hours. */
  bookedMinutes: number;
  workingMinutes: number;
};

export type PeriodSummary = {
  /** Salon date -> the day for everyone shown. */
  days: Record<CalendarDate, DaySummary>;
  /** Salon date -> stylist id -> their day (Week view only). */
  byStylist: Record<CalendarDate, Record<number, DaySummary>> | null;
};

type CalendarData = {
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
  /** The columns; `readOnly` marks a colleague's, which a stylist only looks at (decision 0113). */
  stylists: { id: number; name: string; readOnly?: boolean }[];
  /** Day view: each stylist's working hours and time off, for shading the grid. */
  schedules: Record<number, DaySchedule> | null;
  /** Day view: the day's appointments; Week view: the week's bookings of the stylists shown (no cancellations); empty for Month. */
  items: CalendarItem[];
  /** Week view with more stylists than it draws at once: the one it shows (the switcher picks another); null otherwise. */
  weekStylistId: number | null;
  /** Week and Month views: the summary per day; null for Day. */
  summary: PeriodSummary | null;
  /** The services shown in the range with their chosen colours, by name (the Service Colors legend). */
  legend: LegendEntry[];
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

const LOOKBACK_MS = MAX_SPAN_MINUTES * 60_000;

export { WEEK_BLOCKS_AT_ONCE, WEEK_STYLISTS_AT_ONCE };

/** The stylists whose appointments an actor sees: null for all (the range index alone answers), or these ids. */
type StylistScope = number[] | null;
const scopeSql = (scope: StylistScope) => (scope ? sql`and a.stylist_id in ${scope}` : sql``);
const LIVE = sql.raw(`a.status in ('scheduled', 'completed')`);

/**
 * The day's blocks: one indexed range query that answers one row holding a JSON array, so
 * the driver decodes one value instead of eight per appointment (most of the query's cost).
 */
async function dayItems(scope: StylistScope, from: Date, to: Date, timeZone: string): Promise<CalendarItem[]> {
  if (scope?.length === 0) return [];
  const [row] = await db.all<{ rows: string }>(sql`
    select json_group_array(json_array(a.id, a.stylist_id, a.start_time, a.end_time, a.status, case when a.status = 'blocked' then a.notes end, c.name, s.name, s.color, a.late_cancellation, a.series_id is not null, a.source = 'online', a.visit_id is not null, a.processing_after_minutes, a.processing_minutes, a.client_id, a.service_id, exists (select 1 from sales sa where sa.appointment_id = a.id))) as rows
    from appointments a
    left join clients c on c.id = a.client_id
    left join services s on s.id = a.service_id
    where a.start_time >= ${new Date(from.getTime() - LOOKBACK_MS).toISOString()} and a.start_time < ${to.toISOString()} and a.end_time > ${from.toISOString()}
      ${scopeSql(scope)}`);
  type Row = [
    number,
    number,
    string,
    string,
    CalendarItem["status"],
    string | null,
    string | null,
    string | null,
    string | null,
    0 | 1,
    0 | 1,
    0 | 1,
    0 | 1,
    number | null,
    number | null,
    number | null,
    number | null,
    0 | 1,
  ];
  const rows = JSON.parse(row?.rows ?? "[]") as Row[];
  rows.sort((x, y) => (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : x[0] - y[0]));
  // The patch-test marker (decision 0126): bookings still to be done, of services that need one.
  const findings = await findingsFor(
    db,
    rows
      .filter((r) => r[4] === "scheduled" || r[4] === "requested")
      .map((r) => ({ id: r[0], clientId: r[15], serviceId: r[16], startTime: r[2] })),
  );
  return rows.map(
    ([
      id,
      stylistId,
      startTime,
      endTime,
      status,
      notes,
      clientName,
      serviceName,
      serviceColor,
      late,
      series,
      online,
      visit,
      afterMinutes,
      processingMinutes,
      ,
      ,
      paid,
    ]) => {
      const start = wallClock(startTime, timeZone);
      const lateCancellation = status === "cancelled" && late === 1;
      const window = processingWindow(
        { afterMinutes, minutes: processingMinutes },
        (Date.parse(endTime) - Date.parse(startTime)) / 60_000,
      );
      return {
        id,
        stylistId,
        date: start.date,
        startMinutes: start.minutes,
        endMinutes: minutesInZone(endTime, timeZone) || 24 * 60,
        status,
        clientName,
        serviceName,
        serviceColor,
        notes,
        duringTimeOff: false,
        lateCancellation,
        inSeries: series === 1,
        online: online === 1,
        inVisit: visit === 1,
        processing: window ? [window.from, window.to] : null,
        patchTest: findings.get(id) ?? null,
        paid: paid === 1,
      };
    },
  );
}

const emptyDay = (): DaySummary => ({
  count: 0,
  noShows: 0,
  first: null,
  last: null,
  bookedMinutes: 0,
  workingMinutes: 0,
});

function addTo(total: DaySummary, part: DaySummary) {
  total.count += part.count;
  total.noShows += part.noShows;
  total.bookedMinutes += part.bookedMinutes;
  total.workingMinutes += part.workingMinutes;
  if (part.first !== null && (total.first === null || part.first < total.first)) total.first = part.first;
  if (part.last !== null && (total.last === null || part.last > total.last)) total.last = part.last;
}

/**
 * Week and Month: per salon date (and stylist, for the week), the count, the first start,
 * the last end and the minutes taken, grouped by the database over the covering report
 * index; the stylists' working minutes from their rotas. With a client search, only that
 * client's appointments. Each row's salon date comes from joining the dates' UTC bounds
 * (computed here, across clock changes) rather than date arithmetic per row, and the Month
 * groups by date alone: together about half the query's time on a busy month.
 */
async function periodSummary(
  stylistIds: number[],
  scope: StylistScope,
  first: CalendarDate,
  last: CalendarDate,
  timeZone: string,
  needle: string,
  perStylist: boolean,
): Promise<{ summary: PeriodSummary; legend: LegendEntry[] }> {
  const from = dayBounds(first, timeZone).start;
  const to = dayBounds(last, timeZone).end;
  const days: Record<CalendarDate, DaySummary> = {};
  const byStylist: Record<CalendarDate, Record<number, DaySummary>> = {};
  if (stylistIds.length === 0 || scope?.length === 0)
    return { summary: { days, byStylist: perStylist ? byStylist : null }, legend: [] };
  const matching = needle
    ? sql`and a.client_id in (select id from clients where instr(lower(name), ${needle}) > 0)`
    : sql``;
  const inRange = sql`a.start_time >= ${from.toISOString()} and a.start_time < ${to.toISOString()} ${scopeSql(scope)} ${matching}`;
  // Each date's UTC bounds: its midnight and the next one (one zone conversion per date).
  const dates: SQL[] = [];
  let starts = from;
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const ends = date === last ? to : dayBounds(addDays(date, 1), timeZone).start;
    dates.push(sql`(${date}, ${starts.toISOString()}, ${ends.toISOString()})`);
    starts = ends;
  }
  // The Month's totals count only the stylists shown (the Week drops the others' rows below);
  // the unary + keeps SQLite on the covering range index rather than a probe per stylist.
  const [stylist, shownOnly, byStylistSql] = perStylist
    ? [sql`a.stylist_id`, sql``, sql`, a.stylist_id`]
    : [sql`0`, sql`and +a.stylist_id in ${stylistIds}`, sql``];
  const [[grouped], [names], schedules] = await Promise.all([
    db.all<{ rows: string }>(sql`
      with dates(day, starts, ends) as (values ${sql.join(dates, sql`, `)})
      select json_group_array(json_array(stylist_id, day, n, first, last, booked, no_shows)) as rows from (
        select ${stylist} as stylist_id, dates.day as day,
          sum(${LIVE}) as n,
          sum(a.status = 'no_show') as no_shows,
          min(case when ${LIVE} then a.start_time end) as first,
          max(case when ${LIVE} then a.end_time end) as last,
          coalesce(sum(case when a.status <> 'cancelled' then unixepoch(a.end_time) - unixepoch(a.start_time) end), 0) / 60 as booked
        from dates join appointments a on a.start_time >= dates.starts and a.start_time < dates.ends ${scopeSql(scope)} ${matching} ${shownOnly}
        group by dates.day ${byStylistSql}
      )`),
    db.all<{ names: string }>(sql`
      select json_group_array(json_array(name, color)) as names from services
      where id in (select distinct a.service_id from appointments a where ${inRange} and a.status <> 'cancelled')`),
    stylistSchedulesForDates(stylistIds, first, last),
  ]);

  for (const [date, perDay] of Object.entries(schedules)) {
    const total = (days[date] = emptyDay());
    const stylistsOfDay: Record<number, DaySummary> = {};
    for (const [id, schedule] of Object.entries(perDay)) {
      const working =
        schedule.isWorking && !schedule.timeOff
          ? Math.max(0, clockMinutes(schedule.endTime) - clockMinutes(schedule.startTime))
          : 0;
      stylistsOfDay[Number(id)] = { ...emptyDay(), workingMinutes: working };
      total.workingMinutes += working;
    }
    if (perStylist) byStylist[date] = stylistsOfDay;
  }
  type Row = [number, CalendarDate, number, string | null, string | null, number, number];
  for (const [stylistId, date, count, firstStart, lastEnd, booked, noShows] of JSON.parse(
    grouped?.rows ?? "[]",
  ) as Row[]) {
    const total = days[date];
    // A day outside the view, or an inactive stylist's column (not shown).
    if (!total || (perStylist && !(stylistId in schedules[date]!))) continue;
    const part: DaySummary = {
      count,
      noShows,
      first: firstStart ? wallClock(firstStart, timeZone).minutes : null,
      last: lastEnd ? minutesInZone(lastEnd, timeZone) || 24 * 60 : null,
      bookedMinutes: Math.round(booked),
      workingMinutes: 0,
    };
    addTo(total, part);
    if (perStylist) addTo((byStylist[date]![stylistId] ??= emptyDay()), part);
  }
  const legend = (JSON.parse(names?.names ?? "[]") as [string, string | null][]).map(([name, color]) => ({
    name,
    color,
  }));
  return { summary: { days, byStylist: perStylist ? byStylist : null }, legend: sortLegend(legend) };
}

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The inactive stylists with an appointment starting in [from, to), as columns marked "(inactive)". */
async function inactiveStylistsBooked(from: Date, to: Date): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: stylists.id, name: stylists.name })
    .from(stylists)
    .where(
      and(
        eq(stylists.isActive, false),
        sql`exists (select 1 from appointments a where a.stylist_id = ${stylists.id} and a.start_time >= ${from.toISOString()} and a.start_time < ${to.toISOString()})`,
      ),
    )
    .orderBy(asc(stylists.name), asc(stylists.id));
  return rows.map(({ id, name }) => ({ id, name: inactiveName(name) }));
}

const inactiveName = (name: string) => `${name} (inactive)`;

/** What a view shows that is the same for everyone with the same visibility: shared between requests (decision 0089). */
type CalendarContent = Pick<CalendarData, "stylists" | "schedules" | "items" | "summary" | "legend" | "weekStylistId">;

const legendOf = (items: CalendarItem[]) =>
  sortLegend(
    [
      ...new Map(
        items.flatMap((item) => (item.serviceName ? [[item.serviceName, item.serviceColor] as const] : [])),
      ).entries(),
    ].map(([name, color]) => ({ name, color })),
  );

async function calendarContent(
  actor: Actor,
  view: CalendarView,
  date: CalendarDate,
  timeZone: string,
  needle: string,
  wantedStylist: number | null,
): Promise<CalendarContent> {
  const { first, last } = viewRange(view, date);
  const isDay = view === "day";
  const isWeek = view === "week";
  const viewAll = can(actor.role, "stylists.viewAll");
  // A stylist who no longer works here keeps a column only where they have appointments, so those can be moved (decision 0098).
  const [active, inactive] = await Promise.all([
    listCalendarStylists(actor),
    viewAll ? inactiveStylistsBooked(dayBounds(first, timeZone).start, dayBounds(last, timeZone).end) : [],
  ]);
  const stylists: { id: number; name: string; readOnly?: boolean }[] = [...active, ...inactive];
  const ids = stylists.map((stylist) => stylist.id);
  const readOnly = new Set(active.filter((stylist) => stylist.readOnly).map((stylist) => stylist.id));
  // Everyone's appointments for those who see every active stylist: other inactive stylists' rows are dropped after the query.
  const scope: StylistScope = viewAll || readOnly.size > 0 ? null : ids;
  // A colleague's block shows its time, service and client's name only: not even blocked time's notes (decision 0113).
  const forColleagues = (item: CalendarItem) =>
    readOnly.has(item.stylistId) && item.notes !== null ? { ...item, notes: null } : item;
  const columns = stylists.map(({ id, name }) => (readOnly.has(id) ? { id, name, readOnly: true } : { id, name }));
  // The Week with many stylists: the one asked for (or the actor's own), else the first.
  const pickWeekStylist = () => stylists.find((stylist) => stylist.id === wantedStylist) ?? stylists[0]!;
  let weekStylist = isWeek && stylists.length > WEEK_STYLISTS_AT_ONCE ? pickWeekStylist() : null;
  const { start, end } = isWeek
    ? { start: dayBounds(first, timeZone).start, end: dayBounds(last, timeZone).end }
    : dayBounds(date, timeZone);
  const [schedules, appointments, period] = await Promise.all([
    isDay ? stylistSchedulesForDate(ids, date, timeZone) : null,
    isDay || isWeek ? dayItems(weekStylist ? [weekStylist.id] : scope, start, end, timeZone) : null,
    isDay ? null : periodSummary(ids, scope, first, last, timeZone, needle, isWeek),
  ]);

  const shownIds = new Set(ids);
  if (isWeek) {
    // A week's blocks: its dates only (not one that began the Sunday before), without cancellations.
    let items = (appointments ?? []).filter(
      (item) =>
        (weekStylist ? item.stylistId === weekStylist.id : shownIds.has(item.stylistId)) &&
        item.date >= first &&
        item.date <= last &&
        item.status !== "cancelled" &&
        (!needle || (item.clientName?.toLowerCase().includes(needle) ?? false)),
    );
    if (!weekStylist && stylists.length > 1 && items.length > WEEK_BLOCKS_AT_ONCE) {
      const one = (weekStylist = pickWeekStylist());
      items = items.filter((item) => item.stylistId === one.id);
    }
    const drawn = new Set(weekStylist ? [weekStylist.id] : ids);
    const byStylist = period?.summary.byStylist ?? {};
    // The summary of the stylists drawn only: twenty stylists' days would weigh on the page for nothing.
    const trimmed = Object.fromEntries(
      Object.entries(byStylist).map(([day, perStylist]) => [
        day,
        Object.fromEntries(Object.entries(perStylist).filter(([id]) => drawn.has(Number(id)))),
      ]),
    );
    return {
      stylists: columns,
      schedules: null,
      items: items.map(forColleagues),
      summary: period ? { days: period.summary.days, byStylist: trimmed } : null,
      legend: legendOf(items),
      weekStylistId: weekStylist?.id ?? null,
    };
  }

  const shown = new Set(ids);
  // The Day view is one date, so a stylist's whole day off marks every live booking of theirs, part-day time off those it overlaps.
  const inTimeOff = (item: CalendarItem) => {
    const schedule = schedules?.[item.stylistId];
    if (!schedule || (item.status !== "scheduled" && item.status !== "completed")) return false;
    return (
      schedule.timeOff !== null ||
      (schedule.hoursOff?.some(
        (hours) => item.startMinutes < clockMinutes(hours.endTime) && item.endMinutes > clockMinutes(hours.startTime),
      ) ??
        false)
    );
  };
  const items = (appointments ?? [])
    .filter(
      (item) => shown.has(item.stylistId) && (!needle || (item.clientName?.toLowerCase().includes(needle) ?? false)),
    )
    .map((item) => (inTimeOff(item) ? { ...item, duringTimeOff: true } : item))
    .map(forColleagues);
  return {
    stylists: columns,
    schedules,
    items,
    summary: period?.summary ?? null,
    legend: period ? period.legend : legendOf(items),
    weekStylistId: null,
  };
}

export async function loadCalendar(
  actor: Actor,
  request: { view: CalendarView; date?: CalendarDate; query?: string; stylistId?: number },
): Promise<CalendarData> {
  assertCan(actor, "calendar.view");
  const { timeZone, openTime } = await getGlobalSettings();
  const today = todayInZone(timeZone);
  const date = request.date ?? today;
  const { first, last } = viewRange(request.view, date);
  const query = request.query?.trim() ?? "";
  const needle = query.toLowerCase();
  const showPanel = actor.role !== "display";
  // Admins and display screens see every stylist, so they share one value; a stylist their own column, or every
  // column with colleagues' read-only (the salon's setting, part of the key so a change shows at once).
  const visibility = can(actor.role, "stylists.viewAll")
    ? "all"
    : `user ${actor.id} ${(await seesColleaguesReadOnly(actor)) ? "salon" : "own"}`;
  // Only the Week view reads the stylist asked for (its switcher); by default the actor's own
  // column, resolved here so that the shared value's key names it.
  const wantedStylist = request.view === "week" ? (request.stylistId ?? (await stylistIdForUser(actor.id))) : null;

  const [content, stats, upcoming] = await Promise.all([
    sharedRead(`calendar\n${visibility}\n${request.view}\n${date}\n${timeZone}\n${needle}\n${wantedStylist}`, () =>
      calendarContent(actor, request.view, date, timeZone, needle, wantedStylist),
    ),
    showPanel ? dashboardStats(actor, today) : null,
    showPanel ? upcomingAppointments(actor, 3) : null,
  ]);

  return {
    timeZone,
    today,
    view: request.view,
    date,
    first,
    last,
    query,
    openMinutes: clockMinutes(openTime),
    nowMinutes: minutesInZone(new Date(), timeZone),
    ...content,
    canWrite: can(actor.role, "appointments.write"),
    panel: stats && upcoming ? { stats, upcoming: upcoming.map((item) => toUpcoming(item, timeZone)) } : null,
  };
}

export type BookingOptions = {
  timeZone: string;
  today: CalendarDate;
  /** `active` false only for the stylist of the appointment being edited who no longer works here (decision 0098). */
  stylists: { id: number; name: string; active: boolean }[];
  services: { id: number; name: string; category: string; duration: number; price: number }[];
  /** The stylist's own durations where they differ from the service's (stylistId -> serviceId -> minutes). */
  customDurations: Record<number, Record<number, number>>;
  /** The stylist's own prices where they differ from the service's (stylistId -> serviceId -> pence). */
  customPrices: Record<number, Record<number, number>>;
  ownStylistId: number | null;
  canOverride: boolean;
  /** May book despite a failed patch test, with a reason (decision 0126). */
  canOverridePatchTest: boolean;
};

/**
 * What the New / Edit Appointment dialog offers: the stylists one may book for and the
 * bookable services, with each stylist's own durations and prices. An edit keeps its
 * appointment's service and stylist on offer even when no longer active.
 */
export async function bookingOptions(
  actor: Actor,
  keep: { serviceId?: number | null; stylistId?: number | null } = {},
): Promise<BookingOptions> {
  assertCan(actor, "appointments.write");
  const { timeZone } = await getGlobalSettings();
  const active = await listVisibleStylists(actor);
  const kept =
    keep.stylistId && !active.some((stylist) => stylist.id === keep.stylistId) && can(actor.role, "stylists.viewAll")
      ? await db
          .select({ id: stylists.id, name: stylists.name })
          .from(stylists)
          .where(and(eq(stylists.id, keep.stylistId), eq(stylists.isActive, false)))
      : [];
  const offered = [
    ...active.map(({ id, name }) => ({ id, name, active: true })),
    ...kept.map(({ id, name }) => ({ id, name: inactiveName(name), active: false })),
  ];
  const stylistIds = offered.map((stylist) => stylist.id);
  const [serviceRows, pricing] = await Promise.all([
    db
      .select({
        id: services.id,
        name: services.name,
        category: services.category,
        duration: services.duration,
        price: services.price,
      })
      .from(services)
      .where(
        keep.serviceId ? or(eq(services.isActive, true), eq(services.id, keep.serviceId)) : eq(services.isActive, true),
      )
      .orderBy(asc(services.category), asc(services.name)),
    stylistIds.length
      ? db
          .select({
            stylistId: stylistPricing.stylistId,
            serviceId: stylistPricing.serviceId,
            duration: stylistPricing.duration,
            price: stylistPricing.price,
          })
          .from(stylistPricing)
          .where(inArray(stylistPricing.stylistId, stylistIds))
      : [],
  ]);
  const customDurations: Record<number, Record<number, number>> = {};
  const customPrices: Record<number, Record<number, number>> = {};
  for (const row of pricing) {
    if (row.duration) (customDurations[row.stylistId] ??= {})[row.serviceId] = row.duration;
    const price = customPrice(row);
    if (price !== null) (customPrices[row.stylistId] ??= {})[row.serviceId] = price;
  }
  return {
    timeZone,
    today: todayInZone(timeZone),
    stylists: offered,
    services: serviceRows,
    customDurations,
    customPrices,
    ownStylistId: active.find((stylist) => stylist.userId === actor.id)?.id ?? null,
    canOverride: can(actor.role, "appointments.overrideAvailability"),
    canOverridePatchTest: can(actor.role, "appointments.overridePatchTest"),
  };
}

/** A colleague's appointment as a stylist may see it (decision 0113): when, what and for whom, no contact details or notes. */
export type ColleagueAppointment = {
  id: number;
  stylistName: string;
  date: CalendarDate;
  startTime: string;
  endTime: string;
  status: AppointmentView["status"];
  serviceName: string | null;
  clientName: string | null;
};

/**
 * One appointment, read-only, to whoever sees its column: a stylist sees a colleague's
 * while the salon lets stylists see colleagues' calendars (NotFound otherwise, as for any
 * appointment they may not see), admins and display accounts any active stylist's.
 */
export async function colleagueAppointment(actor: Actor, id: number): Promise<ColleagueAppointment> {
  assertCan(actor, "calendar.view");
  const notFound = new NotFound("Appointment not found.");
  const [row] = await db.all<{
    id: number;
    startTime: string;
    endTime: string;
    status: AppointmentView["status"];
    stylistName: string;
    stylistUser: number | null;
    serviceName: string | null;
    clientName: string | null;
  }>(sql`
    select a.id, a.start_time as startTime, a.end_time as endTime, a.status, st.name as stylistName,
      st.user_id as stylistUser, sv.name as serviceName, c.name as clientName
    from appointments a
    join stylists st on st.id = a.stylist_id and st.is_active = 1
    left join services sv on sv.id = a.service_id
    left join clients c on c.id = a.client_id
    where a.id = ${id}`);
  if (!row) throw notFound;
  const own = row.stylistUser === actor.id;
  if (!own && !can(actor.role, "stylists.viewAll") && !(await seesColleaguesReadOnly(actor))) throw notFound;
  const { timeZone } = await getGlobalSettings();
  const start = wallClock(row.startTime, timeZone);
  const end = wallClock(row.endTime, timeZone);
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return {
    id: row.id,
    stylistName: row.stylistName,
    date: start.date,
    startTime: clock(start.minutes),
    endTime: clock(end.minutes),
    status: row.status,
    serviceName: row.status === "blocked" ? null : row.serviceName,
    clientName: row.status === "blocked" ? null : row.clientName,
  };
}
