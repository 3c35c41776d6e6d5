// Reports & Analytics (SPEC §2 Reports, §9): figures computed in SQL on the server, in the
// salon's time zone. A period is a run of salon days (local midnight to local midnight, so
// a day on which the clocks change is 23 or 25 hours long); the figures come from the
// per-day rollup that triggers keep in step with the appointments (decision 0041).
//
// Definitions (SPEC §4, §9): client appointments are every status but blocked (blocked
// time counts nowhere); revenue is the price stored on completed appointments when they
// were booked; cancellation rate = cancelled / client appointments; no-show rate =
// no-shows / client appointments (a no-show is in neither revenue nor the cancellation
// rate, decision 0082); rebooking rate =
// clients with more than one completed appointment / clients with at least one; average
// service = revenue / completed. A stylist sees only their own appointments (SPEC §6).
import { sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import { ensureReportRollup } from "#db/report-rollup.server";
import { toSpreadsheetCsv } from "~/lib/csv";
import {
  DEFAULT_PERIOD,
  PERIOD_LABELS,
  dayCount,
  formatRate,
  periodRange,
  previousRange,
  type DailyFigure,
  type ReportPeriod,
} from "~/lib/report-period";
import type { ReportQuery } from "~/lib/schemas/reports";
import { addDays, dateInZone, dayBounds, todayInZone, type CalendarDate } from "~/lib/salon-time";
import { assertCan, type Actor } from "./access.server";
import { workingMinutesForRanges } from "./availability.server";
import { can } from "./permissions";
import { getGlobalSettings } from "./settings.server";
import { sharedRead } from "./shared-reads.server";
import { stylistIdForUser } from "./stylists.server";

const TOP_LIMIT = 5;

type ReportFigures = {
  totalRevenue: number;
  completedCount: number;
  averageService: number;
  /** Client appointments in the period (blocked time excluded, cancellations included). */
  appointments: number;
  cancelledCount: number;
  cancellationRate: number;
  noShowCount: number;
  noShowRate: number;
  rebookingRate: number;
  /** Booked minutes of client appointments / working minutes; null when nobody was rostered. */
  occupancy: number | null;
  bookedMinutes: number;
  workingMinutes: number;
  /** Clients whose first completed appointment (in scope) falls in the period. */
  newClients: number;
  returningClients: number;
};

type StylistFigures = {
  stylistId: number;
  name: string;
  appointments: number;
  completed: number;
  cancelled: number;
  noShows: number;
  revenue: number;
  averageService: number;
  bookedMinutes: number;
  workingMinutes: number;
  occupancy: number | null;
};

export type Report = ReportFigures & {
  period: ReportPeriod;
  from: CalendarDate;
  to: CalendarDate;
  allTime: boolean;
  today: CalendarDate;
  timeZone: string;
  /** "salon" for administrators, "own" for a stylist's My Performance. */
  scope: "salon" | "own";
  previous: (ReportFigures & { from: CalendarDate; to: CalendarDate }) | null;
  topServices: { serviceId: number; name: string; completed: number; revenue: number }[];
  topClients: { clientId: number; name: string; completed: number; revenue: number }[];
  stylists: StylistFigures[];
  daily: DailyFigure[];
  /** Client appointments in the period booked by the client online (counted as `appointments` is). */
  onlineBookings: number;
  /** onlineBookings / appointments (0 when there were none). */
  onlineShare: number;
};

/**
 * Whose figures: every stylist (`stylistIds` null) or one stylist's own. `rollupId` is the
 * stylist whose rollup rows add up to the scope (0 = the whole salon), null when the scope
 * is empty (a stylist account without a stylist record).
 */
type Scope = { stylistIds: number[] | null; rollupId: number | null };
type Days = { from: CalendarDate; to: CalendarDate };

function scopeCondition(scope: Scope, column: SQL = sql`a.stylist_id`): SQL {
  if (!scope.stylistIds) return sql`1`;
  if (scope.stylistIds.length === 0) return sql`0`;
  return sql`${column} in (${sql.join(
    scope.stylistIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The rollup rows that add up to the scope: the salon's (0) or the stylist's own. */
const rollupRows = (scope: Scope, column: SQL) =>
  scope.rollupId === null ? sql`0` : sql`${column} = ${scope.rollupId}`;

// --- Queries: on the rollup kept by the appointment triggers (docs/decisions/0041) --------
// Each one seeks per stylist, service or client into a table ordered by (stylist, ..., day),
// so the work grows with the salon's stylists, services and clients, not its appointments.

type StylistRow = {
  stylistId: number;
  name: string;
  appointments: number;
  completed: number;
  cancelled: number;
  noShows: number;
  revenue: number;
  bookedMinutes: number;
};

function perStylist(days: Days, scope: Scope) {
  return db.all<StylistRow>(sql`
    select s.id as stylistId, s.name as name,
      sum(r.appointments) as appointments, sum(r.completed) as completed, sum(r.cancelled) as cancelled,
      sum(r.no_shows) as noShows, sum(r.revenue) as revenue, sum(r.booked_seconds) / 60 as bookedMinutes
    from stylists s join report_stylist_days r on r.stylist_id = s.id and r.day >= ${days.from} and r.day <= ${days.to}
    where ${scopeCondition(scope, sql`s.id`)}
    group by s.id`);
}

type ClientRow = { clientId: number; name: string | null; completed: number; revenue: number; hadBefore: boolean };

/** A client's latest rollup row in scope on a day before (or up to) a bound, as "day completed revenue" running totals. */
const latestRow = (
  scope: Scope,
  clientId: SQL,
  dayCondition: SQL,
) => sql`(select p.day || ' ' || p.cum_completed || ' ' || p.cum_revenue
  from report_client_days p where ${rollupRows(scope, sql`p.stylist_id`)} and p.client_id = ${clientId} and ${dayCondition} order by p.day desc limit 1)`;

/**
 * Each client with a completed appointment in the period (and in the previous one, which
 * ends the day before it starts), and whether they had one before: differences of the
 * client's running totals at the bounds. Each bound is one look-up per client, skipped when
 * the client's latest row before the later bound is already older than it.
 */
async function perClient(
  scope: Scope,
  days: Days,
  previousFrom: CalendarDate | null,
): Promise<{ current: ClientRow[]; previous: ClientRow[] }> {
  if (scope.rollupId === null) return { current: [], previous: [] };
  const rows = await db.all<{
    clientId: number;
    name: string | null;
    upTo: string;
    before: string | null;
    beforePrevious: string | null;
  }>(sql`
    with up_to as materialized (
      select c.id as clientId, c.name as name, ${latestRow(scope, sql`c.id`, sql`p.day <= ${days.to}`)} as upTo from clients c
    ), before_from as materialized (
      select clientId, name, upTo,
        case when substr(upTo, 1, 10) < ${days.from} then upTo else ${latestRow(scope, sql`clientId`, sql`p.day < ${days.from}`)} end as before
      from up_to where upTo is not null
    )
    select clientId, name, upTo, before,
      case when before is null or ${previousFrom === null ? sql`1` : sql`substr(before, 1, 10) < ${previousFrom}`} then before
        else ${latestRow(scope, sql`clientId`, sql`p.day < ${previousFrom ?? ""}`)} end as beforePrevious
    from before_from`);
  const totals = (packed: string | null) => {
    const [, completed, revenue] = packed ? packed.split(" ") : [];
    return { completed: Number(completed ?? 0), revenue: Number(revenue ?? 0) };
  };
  const current: ClientRow[] = [];
  const previous: ClientRow[] = [];
  const add = (
    list: ClientRow[],
    row: { clientId: number; name: string | null },
    end: string | null,
    start: string | null,
  ) => {
    const [last, first] = [totals(end), totals(start)];
    if (last.completed > first.completed) {
      list.push({
        clientId: row.clientId,
        name: row.name,
        completed: last.completed - first.completed,
        revenue: last.revenue - first.revenue,
        hadBefore: first.completed > 0,
      });
    }
  };
  for (const row of rows) {
    add(current, row, row.upTo, row.before);
    if (previousFrom !== null) add(previous, row, row.before, row.beforePrevious);
  }
  return { current, previous };
}

// CROSS JOIN keeps services as the outer loop (SQLite never reorders it): one primary-key
// search per service and day range, instead of every service's whole history.
/**
 * Client appointments in the period booked online, counted as the rollup counts
 * appointments (blocked time excluded, cancellations included). The rollup does not know
 * who booked (decision 0106), so this one figure reads the period's appointments by the
 * start-time index; online bookings are a new and small share of them.
 */
async function onlineCount(days: Days, scope: Scope, timeZone: string): Promise<number> {
  const from = dayBounds(days.from, timeZone).start.toISOString();
  const to = dayBounds(days.to, timeZone).end.toISOString();
  const [row] = await db.all<{ total: number }>(sql`
    select count(*) as total from appointments a
    where a.start_time >= ${from} and a.start_time < ${to} and a.source = 'online' and a.status <> 'blocked'
      and ${scopeCondition(scope)}`);
  return Number(row?.total ?? 0);
}

function topServices(days: Days, scope: Scope) {
  return db.all<{ serviceId: number; name: string; completed: number; revenue: number }>(sql`
    select sv.id as serviceId, sv.name as name, sum(r.completed) as completed, sum(r.revenue) as revenue
    from services sv cross join report_service_days r on ${rollupRows(scope, sql`r.stylist_id`)} and r.service_id = sv.id and r.day >= ${days.from} and r.day <= ${days.to}
    group by sv.id
    order by revenue desc, completed desc, sv.name asc
    limit ${TOP_LIMIT}`);
}

function perDay(days: Days, scope: Scope) {
  return db.all<{ date: string; revenue: number; appointments: number }>(sql`
    select r.day as date, r.appointments as appointments, r.revenue as revenue
    from report_stylist_days r
    where ${rollupRows(scope, sql`r.stylist_id`)} and r.day >= ${days.from} and r.day <= ${days.to}`);
}

async function firstAndLastStart(scope: Scope): Promise<{ first: string | null; last: string | null }> {
  const [row] = await db.all<{ first: string | null; last: string | null }>(sql`
    select min(a.start_time) as first, max(a.start_time) as last from appointments a
    where a.status <> 'blocked' and ${scopeCondition(scope)}`);
  return { first: row?.first ?? null, last: row?.last ?? null };
}

// --- Putting the figures together -------------------------------------------------------

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

function figures(stylistRows: StylistRow[], clientRows: ClientRow[], working: Map<number, number>): ReportFigures {
  const sum = (pick: (row: StylistRow) => number) => stylistRows.reduce((total, row) => total + Number(pick(row)), 0);
  const totalRevenue = sum((row) => row.revenue);
  const completedCount = sum((row) => row.completed);
  const appointments = sum((row) => row.appointments);
  const cancelledCount = sum((row) => row.cancelled);
  const noShowCount = sum((row) => row.noShows);
  const bookedMinutes = sum((row) => row.bookedMinutes);
  const workingMinutes = [...working.values()].reduce((total, minutes) => total + minutes, 0);
  const rebooked = clientRows.filter((row) => Number(row.completed) > 1).length;
  const returningClients = clientRows.filter((row) => row.hadBefore).length;
  return {
    totalRevenue,
    completedCount,
    averageService: completedCount > 0 ? Math.round(totalRevenue / completedCount) : 0,
    appointments,
    cancelledCount,
    cancellationRate: ratio(cancelledCount, appointments),
    noShowCount,
    noShowRate: ratio(noShowCount, appointments),
    rebookingRate: ratio(rebooked, clientRows.length),
    occupancy: workingMinutes > 0 ? bookedMinutes / workingMinutes : null,
    bookedMinutes,
    workingMinutes,
    newClients: clientRows.length - returningClients,
    returningClients,
  };
}

/** The stylists a report covers: the actor's own, or every active one plus anyone with appointments in the period. */
async function reportStylists(scope: Scope, rows: StylistRow[]): Promise<{ id: number; name: string }[]> {
  const listed = await db.all<{ id: number; name: string }>(sql`
    select s.id as id, s.name as name from stylists s
    where ${scope.stylistIds ? scopeCondition(scope, sql`s.id`) : sql`s.is_active = 1`}`);
  const byId = new Map(listed.map((stylist) => [Number(stylist.id), String(stylist.name)]));
  for (const row of rows) if (!byId.has(Number(row.stylistId))) byId.set(Number(row.stylistId), String(row.name));
  return [...byId].map(([id, name]) => ({ id, name }));
}

async function resolveScope(actor: Actor): Promise<Scope> {
  if (can(actor.role, "stylists.viewAll")) return { stylistIds: null, rollupId: 0 };
  const own = await stylistIdForUser(actor.id);
  return own ? { stylistIds: [own], rollupId: own } : { stylistIds: [], rollupId: null };
}

/** The days a query asks for; a Custom Range missing a date covers every appointment (SPEC §5). */
async function resolveDays(query: ReportQuery, today: CalendarDate, timeZone: string, scope: Scope) {
  const period = query.period ?? DEFAULT_PERIOD;
  if (period !== "custom") return { period, ...periodRange(period, today), allTime: false };
  if (query.from && query.to) return { period, from: query.from, to: query.to, allTime: false };
  const { first, last } = await firstAndLastStart(scope);
  const from = first ? dateInZone(first, timeZone) : today;
  const lastDate = last ? dateInZone(last, timeZone) : today;
  return { period, from: from < today ? from : today, to: lastDate > today ? lastDate : today, allTime: true };
}

// A report is computed once per data revision and shared by everyone with the same scope
// (ten front-desk tablets opening Last Year at once, or one after the other): every table it
// reads (appointments and their rollup, clients, services, stylists, their hours and time
// off, the settings) raises the data revision when written, and a sale sets its
// appointment's price, so a kept report is never older than the data (decisions 0123, 0129).
export async function buildReport(actor: Actor, query: ReportQuery, now: Date = new Date()): Promise<Report> {
  assertCan(actor, "reports.view");
  const { timeZone } = await getGlobalSettings();
  const today = todayInZone(timeZone, now);
  const scope = await resolveScope(actor);
  const key = JSON.stringify([
    "report",
    scope,
    query.period ?? null,
    query.from ?? null,
    query.to ?? null,
    today,
    timeZone,
  ]);
  return sharedRead(key, () => computeReport(query, today, timeZone, scope));
}

async function computeReport(query: ReportQuery, today: CalendarDate, timeZone: string, scope: Scope): Promise<Report> {
  const { period, from, to, allTime } = await resolveDays(query, today, timeZone, scope);
  const days = { from, to };
  const previousDays = allTime ? null : previousRange(from, to);

  await ensureReportRollup(timeZone);
  const [stylistRows, clients, services, dayRows, previousStylists, onlineBookings] = await Promise.all([
    perStylist(days, scope),
    perClient(scope, days, previousDays?.from ?? null),
    topServices(days, scope),
    perDay(days, scope),
    previousDays ? perStylist(previousDays, scope) : [],
    onlineCount(days, scope, timeZone),
  ]);
  const [clientRows, previousClients] = [clients.current, clients.previous];
  const people = await reportStylists(scope, stylistRows);
  const ids = people.map((person) => person.id);
  const [working = new Map<number, number>(), previousWorking = new Map<number, number>()] =
    await workingMinutesForRanges(ids, previousDays ? [days, previousDays] : [days]);

  const rowsById = new Map(stylistRows.map((row) => [Number(row.stylistId), row]));
  const stylists: StylistFigures[] = people
    .map((person) => {
      const row = rowsById.get(person.id);
      const revenue = Number(row?.revenue ?? 0);
      const completed = Number(row?.completed ?? 0);
      const bookedMinutes = Number(row?.bookedMinutes ?? 0);
      const workingMinutes = working.get(person.id) ?? 0;
      return {
        stylistId: person.id,
        name: person.name,
        appointments: Number(row?.appointments ?? 0),
        completed,
        cancelled: Number(row?.cancelled ?? 0),
        noShows: Number(row?.noShows ?? 0),
        revenue,
        averageService: completed > 0 ? Math.round(revenue / completed) : 0,
        bookedMinutes,
        workingMinutes,
        occupancy: workingMinutes > 0 ? bookedMinutes / workingMinutes : null,
      };
    })
    .sort((a, b) => b.revenue - a.revenue || b.appointments - a.appointments || a.name.localeCompare(b.name));

  const topClients = clientRows
    .map((row) => ({
      clientId: Number(row.clientId),
      name: row.name ?? "Unknown client",
      completed: Number(row.completed),
      revenue: Number(row.revenue),
    }))
    .sort((a, b) => b.revenue - a.revenue || b.completed - a.completed || a.name.localeCompare(b.name))
    .slice(0, TOP_LIMIT);

  const byDate = new Map(dayRows.map((row) => [String(row.date), row]));
  const daily: DailyFigure[] = [];
  for (let date = from, n = dayCount(from, to); n > 0; date = addDays(date, 1), n -= 1) {
    const row = byDate.get(date);
    daily.push({ date, revenue: Number(row?.revenue ?? 0), appointments: Number(row?.appointments ?? 0) });
  }

  const current = figures(stylistRows, clientRows, working);
  return {
    period,
    from,
    to,
    allTime,
    today,
    timeZone,
    scope: scope.stylistIds ? "own" : "salon",
    ...current,
    previous: previousDays
      ? { from: previousDays.from, to: previousDays.to, ...figures(previousStylists, previousClients, previousWorking) }
      : null,
    topServices: services.map((row) => ({
      serviceId: Number(row.serviceId),
      name: String(row.name),
      completed: Number(row.completed),
      revenue: Number(row.revenue),
    })),
    topClients,
    stylists,
    daily,
    onlineBookings,
    onlineShare: ratio(onlineBookings, current.appointments),
  };
}

// --- Export CSV ----------------------------------------------------------------------------

const pounds = (pence: number) => (pence / 100).toFixed(2);
const rateCell = (rate: number | null) => (rate === null ? "" : formatRate(rate));
const signed = (value: number, digits: number) => `${value > 0 ? "+" : ""}${value.toFixed(digits)}`;

/** The report as a spreadsheet: the cards, the top lists and the per-stylist breakdown (SPEC §9). */
export async function exportReportCsv(
  actor: Actor,
  query: ReportQuery,
  now: Date = new Date(),
): Promise<{ fileName: string; body: string }> {
  const report = await buildReport(actor, query, now);
  const { salonName } = await getGlobalSettings();
  const previous = report.previous;
  // Changes as signed plain numbers, so a spreadsheet keeps them numbers: % for amounts, points for rates.
  const card = (
    name: string,
    value: string,
    current: number,
    before: number | null,
    kind: "amount" | "rate",
    shown: (value: number) => string,
  ) => {
    let change = "";
    if (before !== null && kind === "rate") change = signed(Math.round((current - before) * 1000) / 10, 1);
    else if (before) change = `${signed(Math.round(((current - before) / before) * 100), 0)}%`;
    return [name, value, before === null ? "" : shown(before), change];
  };
  const own = report.scope === "own";
  const rows: string[][] = [
    [own ? "My Performance" : "Reports & Analytics", salonName || "Management System"],
    ["Period", PERIOD_LABELS[report.period], report.from, report.to],
    [],
    [
      "Figure",
      "This period",
      previous ? `Previous period (${previous.from} to ${previous.to})` : "Previous period",
      "Change (% for amounts, points for rates)",
    ],
    card(
      "Total Revenue (GBP)",
      pounds(report.totalRevenue),
      report.totalRevenue,
      previous?.totalRevenue ?? null,
      "amount",
      pounds,
    ),
    card(
      "Completed appointments",
      String(report.completedCount),
      report.completedCount,
      previous?.completedCount ?? null,
      "amount",
      String,
    ),
    card(
      "Average Service (GBP)",
      pounds(report.averageService),
      report.averageService,
      previous?.averageService ?? null,
      "amount",
      pounds,
    ),
    card(
      "Cancellation Rate",
      formatRate(report.cancellationRate),
      report.cancellationRate,
      previous?.cancellationRate ?? null,
      "rate",
      formatRate,
    ),
    card(
      "No-show Rate",
      formatRate(report.noShowRate),
      report.noShowRate,
      previous?.noShowRate ?? null,
      "rate",
      formatRate,
    ),
    card(
      "Rebooking Rate",
      formatRate(report.rebookingRate),
      report.rebookingRate,
      previous?.rebookingRate ?? null,
      "rate",
      formatRate,
    ),
    ["Occupancy", rateCell(report.occupancy), previous ? rateCell(previous.occupancy) : "", ""],
    card("New clients", String(report.newClients), report.newClients, previous?.newClients ?? null, "amount", String),
    card(
      "Returning clients",
      String(report.returningClients),
      report.returningClients,
      previous?.returningClients ?? null,
      "amount",
      String,
    ),
    [],
    ["Top Services"],
    ["Service", "Completed", "Revenue (GBP)"],
    ...report.topServices.map((service) => [service.name, String(service.completed), pounds(service.revenue)]),
    [],
    [own ? "My Top Clients" : "Top Clients (All Stylists)"],
    ["Client", "Completed", "Revenue (GBP)"],
    ...report.topClients.map((client) => [client.name, String(client.completed), pounds(client.revenue)]),
    [],
    [own ? "My Performance Details" : "Stylist Performance Breakdown"],
    ["Stylist", "Appointments", "Completed", "Cancelled", "No-shows", "Revenue (GBP)", "Average (GBP)", "Occupancy"],
    ...report.stylists.map((stylist) => [
      stylist.name,
      String(stylist.appointments),
      String(stylist.completed),
      String(stylist.cancelled),
      String(stylist.noShows),
      pounds(stylist.revenue),
      pounds(stylist.averageService),
      rateCell(stylist.occupancy),
    ]),
  ];
  return { fileName: `salon-report-${report.period}-${report.today}.csv`, body: toSpreadsheetCsv(rows) };
}
