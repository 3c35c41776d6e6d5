// The online booking page's one slot computation (decision 0100): which starts a client may
// book, for a service and one stylist or "Anyone". It is built from the rules a staff
// booking obeys (working hours and time off from availability.server, overlap with every
// live appointment as the rule chain counts it, the per-stylist terms of the pricing table,
// the salon's 15-minute grid, the advance limit) plus the online-only ones: the lead time,
// the buffers kept free after services, and the services and stylists switched off. The
// booking write asks `offeredStylists` for its own start inside its transaction, so the
// slot list and the write cannot disagree.
import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { db, type Executor } from "#db/client.server";
import type { ClockFormat } from "#db/enums";
import { appointments, services, stylistPricing, stylists } from "#db/schema";
import { GRID_END_MINUTES, GRID_START_MINUTES, roundDuration, SLOT_MINUTES } from "~/lib/calendar";
import { MAX_SPAN_MINUTES } from "~/lib/schemas/appointments";
import { activeParts, BUFFER_MINUTES } from "~/lib/service-limits";
import {
  addDays,
  dateInZone,
  daysBetween,
  isCalendarDate,
  wallClock,
  zonedToUtc,
  todayInZone,
  type CalendarDate,
} from "~/lib/salon-time";
import { stylistSchedulesForDates } from "./availability.server";
import { Invalid, NotFound } from "./errors";
import { customPrice } from "./pricing.server";
import { readSettingsWithSecret } from "./settings.server";

/** The salon's settings the public side needs (never a secret). */
export type OnlineSettings = {
  salonName: string;
  phone: string;
  timeZone: string;
  clockFormat: ClockFormat;
  policyText: string;
  leadTimeHours: number;
  approval: boolean;
  newClients: boolean;
  bookingAdvanceLimit: number;
  cancellationNotice: number;
};

/** One bookable start: `stylistIds` can take it, the one "Anyone" is given first (decision 0100). */
export type Slot = { start: string /* ISO UTC */; stylistIds: number[] };

export const ONLINE_BOOKING_OFF = "Online booking is not available.";
/** The longest range of days one slots request may ask for. */
export const MAX_SLOT_RANGE_DAYS = 31;
export const SERVICE_NOT_OFFERED = "This service cannot be booked online.";
export const STYLIST_NOT_OFFERED = "This stylist cannot be booked online.";

const FALLBACK_SALON_NAME = "Management System";

/** The salon's online settings; throws NotFound (404) while online booking is off. */
export async function assertOnlineBookingOn(): Promise<OnlineSettings> {
  const settings = await readSettingsWithSecret();
  if (!settings.onlineBookingEnabled) throw new NotFound(ONLINE_BOOKING_OFF);
  return storedOnlineSettings(settings);
}

export type PublicSalon = {
  salonName: string;
  timeZone: string;
  clockFormat: ClockFormat;
  policyText: string;
  leadTimeHours: number;
  advanceLimitDays: number;
  cancellationNoticeHours: number;
  phone: string;
};

/** `GET /api/public/salon`. */
export async function publicSalon(): Promise<PublicSalon> {
  const settings = await assertOnlineBookingOn();
  return {
    salonName: settings.salonName,
    timeZone: settings.timeZone,
    clockFormat: settings.clockFormat,
    policyText: settings.policyText,
    leadTimeHours: settings.leadTimeHours,
    advanceLimitDays: settings.bookingAdvanceLimit,
    cancellationNoticeHours: settings.cancellationNotice,
    phone: settings.phone,
  };
}

/** "Sofia Styles" → "Sofia S.": what the public page calls a stylist. */
export function publicStylistName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? "";
  return `${words[0]} ${[...words.at(-1)!][0]!.toUpperCase()}.`;
}

type OfferedStylist = { id: number; name: string };
export type PublicService = {
  id: number;
  name: string;
  category: string;
  /** The shortest of the stylists' durations (minutes). */
  duration: number;
  /** The lowest of the stylists' prices (pence); `priceFrom` when they differ. */
  price: number;
  priceFrom: boolean;
  stylists: (OfferedStylist & { duration: number; price: number })[];
};

/** The stylists the page offers: active and bookable online, by name. */
async function offeredStylistRows(executor: Executor, onlyId?: number | null): Promise<OfferedStylist[]> {
  const conditions = [eq(stylists.isActive, true), eq(stylists.onlineBookable, true)];
  if (onlyId) conditions.push(eq(stylists.id, onlyId));
  return executor
    .select({ id: stylists.id, name: stylists.name })
    .from(stylists)
    .where(and(...conditions))
    .orderBy(sql`${stylists.name} collate nocase`, asc(stylists.id));
}

/** Each stylist's own price and duration for the services, where they set one. */
async function pricingEntries(executor: Executor, serviceIds: number[], stylistIds: number[]) {
  if (serviceIds.length === 0 || stylistIds.length === 0)
    return new Map<string, { price: number | null; duration: number | null }>();
  const rows = await executor
    .select({
      serviceId: stylistPricing.serviceId,
      stylistId: stylistPricing.stylistId,
      price: stylistPricing.price,
      duration: stylistPricing.duration,
    })
    .from(stylistPricing)
    .where(and(inArray(stylistPricing.serviceId, serviceIds), inArray(stylistPricing.stylistId, stylistIds)));
  return new Map(rows.map((row) => [`${row.serviceId}:${row.stylistId}`, row]));
}

/** `GET /api/public/services`: services bookable online, with the stylists who can take them. */
export async function publicServices(): Promise<PublicService[]> {
  await assertOnlineBookingOn();
  const menu = await db
    .select({
      id: services.id,
      name: services.name,
      category: services.category,
      duration: services.duration,
      price: services.price,
    })
    .from(services)
    .where(and(eq(services.isActive, true), eq(services.onlineBookable, true)))
    .orderBy(sql`${services.category} collate nocase`, sql`${services.name} collate nocase`, asc(services.id));
  const people = await offeredStylistRows(db);
  const entries = await pricingEntries(
    db,
    menu.map((service) => service.id),
    people.map((person) => person.id),
  );
  const answer: PublicService[] = [];
  for (const service of menu) {
    const offered = people.map((person) => {
      const entry = entries.get(`${service.id}:${person.id}`);
      return {
        id: person.id,
        name: publicStylistName(person.name),
        duration: roundDuration(entry?.duration ?? service.duration),
        price: customPrice(entry) ?? service.price,
      };
    });
    if (offered.length === 0) continue;
    const prices = offered.map((person) => person.price);
    const price = Math.min(...prices);
    answer.push({
      ...service,
      duration: Math.min(...offered.map((person) => person.duration)),
      price,
      priceFrom: prices.some((other) => other !== price),
      stylists: offered,
    });
  }
  return answer;
}

// --- The slot computation --------------------------------------------------------------

type SlotQuery = {
  serviceId: number;
  stylistId?: number | null;
  from: CalendarDate;
  to: CalendarDate;
  now?: Date;
};

type Candidate = { id: number; duration: number /* minutes, on the grid */ };
/**
 * A stylist's time taken on one range, merged: [start, end) in epoch ms, the parts of each
 * appointment the stylist works through (its processing is free, decision 0111), its buffer
 * after the last one.
 */
type Busy = { start: number; end: number }[];

/** The service as the page offers it, or Invalid when it is not bookable online. */
async function offeredService(executor: Executor, serviceId: number) {
  const [service] = await executor
    .select({
      id: services.id,
      duration: services.duration,
      bufferMinutes: services.bufferMinutes,
      processingAfterMinutes: services.processingAfterMinutes,
      processingMinutes: services.processingMinutes,
      isActive: services.isActive,
      onlineBookable: services.onlineBookable,
    })
    .from(services)
    .where(eq(services.id, serviceId))
    .limit(1);
  if (!service || !service.isActive || !service.onlineBookable)
    throw new Invalid(SERVICE_NOT_OFFERED, { serviceId: [SERVICE_NOT_OFFERED] });
  return service;
}

/** The stylists asked for (one, or everyone offered) with their duration of the service. */
async function candidatesFor(
  executor: Executor,
  service: { id: number; duration: number },
  stylistId: number | null | undefined,
): Promise<Candidate[]> {
  const people = await offeredStylistRows(executor, stylistId);
  if (stylistId && people.length === 0) throw new Invalid(STYLIST_NOT_OFFERED, { stylistId: [STYLIST_NOT_OFFERED] });
  const entries = await pricingEntries(
    executor,
    [service.id],
    people.map((person) => person.id),
  );
  return people.map((person) => ({
    id: person.id,
    // The booking write stores the same rounded duration (resolveWrite).
    duration: roundDuration(entries.get(`${service.id}:${person.id}`)?.duration ?? service.duration),
  }));
}

/**
 * Every live appointment of the stylists touching the range (one query on the (stylist,
 * start) index), as each stylist's merged busy time with each appointment's service buffer
 * after it, plus the minutes each stylist has booked on each salon date of the range
 * (`dayStarts`: the instants the range's dates begin, and the end of the last; blocked time
 * is not booked work). Cancelled appointments take no time; requested ones do.
 */
async function busyTimes(
  executor: Executor,
  stylistIds: number[],
  dayStarts: number[],
  reachMs: number,
  excludeAppointmentId: number | null,
): Promise<{ busy: Map<number, Busy>; booked: Map<number, number[]> }> {
  const busy = new Map<number, Busy>(stylistIds.map((id) => [id, []]));
  const booked = new Map<number, number[]>();
  if (stylistIds.length === 0) return { busy, booked };
  const days = dayStarts.length - 1;
  const rangeStart = dayStarts[0]!;
  const rangeEnd = dayStarts[days]! + reachMs;
  const conditions = [
    inArray(appointments.stylistId, stylistIds),
    ne(appointments.status, "cancelled"),
    gte(appointments.startTime, new Date(rangeStart - MAX_SPAN_MINUTES * 60_000).toISOString()),
    lt(appointments.startTime, new Date(rangeEnd).toISOString()),
    // One that ended before the range can still reach into it with its buffer (at most 120 minutes).
    gt(appointments.endTime, new Date(rangeStart - 120 * 60_000).toISOString()),
  ];
  if (excludeAppointmentId) conditions.push(ne(appointments.id, excludeAppointmentId));
  // One JSON value of numbers rather than a row per appointment: the driver's cost is per
  // value (decision 0071), and instants as epoch milliseconds need no parsing.
  const [result] = await executor.all<{ rows: string | null }>(sql`
    select json_group_array(json_array(${appointments.stylistId},
      cast(round(unixepoch(${appointments.startTime}, 'subsec') * 1000) as integer),
      cast(round(unixepoch(${appointments.endTime}, 'subsec') * 1000) as integer),
      ${appointments.status} = 'blocked', coalesce(${services.bufferMinutes}, 0),
      ${appointments.processingAfterMinutes}, ${appointments.processingMinutes})) as rows
    from ${appointments} left join ${services} on ${services.id} = ${appointments.serviceId}
    where ${and(...conditions)}`);
  type Row = [number, number, number, number, number, number | null, number | null];
  const rows = JSON.parse(result?.rows ?? "[]") as Row[];
  const intervals = new Map<number, { start: number; end: number }[]>();
  for (const [stylistId, start, end, blocked, buffer, processingAfterMinutes, processingMinutes] of rows) {
    let list = intervals.get(stylistId);
    if (!list) intervals.set(stylistId, (list = []));
    const parts = activeParts(start, end, { processingAfterMinutes, processingMinutes });
    parts.at(-1)!.end += buffer * 60_000;
    list.push(...parts);
    if (blocked || start < rangeStart || start >= dayStarts[days]!) continue;
    // The salon date it starts on, by the day boundaries: a binary search, no zone conversion.
    let low = 0;
    let high = days - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (dayStarts[middle]! <= start) low = middle;
      else high = middle - 1;
    }
    let minutes = booked.get(stylistId);
    if (!minutes) booked.set(stylistId, (minutes = new Array<number>(days).fill(0)));
    minutes[low] = minutes[low]! + (end - start) / 60_000;
  }
  for (const [stylistId, list] of intervals) {
    list.sort((a, b) => a.start - b.start);
    const merged: Busy = [];
    for (const interval of list) {
      const last = merged.at(-1);
      if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
      else merged.push({ ...interval });
    }
    busy.set(stylistId, merged);
  }
  return { busy, booked };
}

type Computation = {
  executor: Executor;
  settings: OnlineSettings;
  service: {
    id: number;
    duration: number;
    bufferMinutes: number;
    processingAfterMinutes: number;
    processingMinutes: number;
  };
  candidates: Candidate[];
  from: CalendarDate;
  to: CalendarDate;
  now: Date;
  /** Only this start (the booking write's), epoch ms. */
  only?: number;
  /** The appointment being moved: its own time is free. */
  excludeAppointmentId?: number | null;
  /** Reads shared with the same computation's other services. */
  reads?: SharedSlotReads;
};

/**
 * The 15-minute grid's starts on one salon date as instants, and whether the clocks keep one
 * offset from 07:00 to 23:00 that day (every day but one with a clock change inside the
 * grid): then every grid time exists and an end's wall-clock time is its start's plus the
 * length, with no conversion per candidate. On another day a time the clocks skip is left out.
 */
function gridStarts(
  date: CalendarDate,
  timeZone: string,
): { starts: { at: number; minutes: number }[]; steady: boolean } {
  const first = zonedToUtc(date, "07:00", timeZone).getTime();
  const last = zonedToUtc(date, "23:00", timeZone).getTime();
  const steady = last - first === (GRID_END_MINUTES - GRID_START_MINUTES) * 60_000;
  const starts: { at: number; minutes: number }[] = [];
  for (let minutes = GRID_START_MINUTES; minutes < GRID_END_MINUTES; minutes += SLOT_MINUTES) {
    if (steady) {
      starts.push({ at: first + (minutes - GRID_START_MINUTES) * 60_000, minutes });
      continue;
    }
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    const at = zonedToUtc(date, clock, timeZone);
    const wall = wallClock(at, timeZone);
    if (wall.date === date && wall.minutes === minutes) starts.push({ at: at.getTime(), minutes });
  }
  return { starts, steady };
}

/** An end's minutes on the salon's wall clock of `date` (past midnight: above 24 hours). */
function wallMinutesOn(date: CalendarDate, end: number, timeZone: string): number {
  const wall = wallClock(new Date(end), timeZone);
  return wall.date === date ? wall.minutes : wall.minutes + 24 * 60;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether any of `parts` meets a busy interval, looking from `from` on (the first that ends after the parts start). */
function clashes(parts: { start: number; end: number }[], taken: Busy, from: number): boolean {
  for (const part of parts) {
    for (let index = from; index < taken.length && taken[index]!.start < part.end; index += 1) {
      if (taken[index]!.end > part.start) return true;
    }
  }
  return false;
}

/**
 * What one computation of many services' slots reads once for all of them (the waitlist's
 * badge and the calendar's matches): the stylists, their hours and time off, their bookings,
 * each day's grid. For one computation only: a write after it is not seen.
 */
export type SharedSlotReads = Map<string, unknown>;

function shared<T>(reads: SharedSlotReads | undefined, key: string, read: () => T): T {
  if (!reads) return read();
  if (!reads.has(key)) reads.set(key, read());
  return reads.get(key) as T;
}

/** Bookings read for any service: past the range by the longest an appointment and its buffer can be. */
const LONGEST_REACH_MS = (MAX_SPAN_MINUTES + BUFFER_MINUTES.max) * 60_000;

/** The slots of one computation, earliest first, each with its stylists in the "Anyone" order. */
async function computeSlots(c: Computation): Promise<Slot[]> {
  const { timeZone, leadTimeHours, bookingAdvanceLimit } = c.settings;
  const today = todayInZone(timeZone, c.now);
  // The advance limit as the rule chain counts it: today plus the limit, in salon dates.
  const first = c.from < today ? today : c.from;
  const lastAllowed = addDays(today, bookingAdvanceLimit);
  const last = c.to > lastAllowed ? lastAllowed : c.to;
  if (first > last || c.candidates.length === 0) return [];
  const earliest = c.now.getTime() + leadTimeHours * 3_600_000;
  const ids = c.candidates.map((candidate) => candidate.id);
  // The instants the range's dates begin, and the end of the last.
  const dates: CalendarDate[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  const dayStarts = [...dates, addDays(last, 1)].map((date) => zonedToUtc(date, "00:00", timeZone).getTime());
  const range = `${ids.join(",")}:${first}:${last}`;
  const schedules = await shared(c.reads, `schedules:${range}`, () =>
    stylistSchedulesForDates(ids, first, last, c.executor),
  );
  // Reaching past the range by the longest service and its buffer: what starts after it cannot
  // clash. Read for many services, by the longest any can be (what is read beyond a shorter
  // one's reach cannot clash with it either).
  const reach = c.reads
    ? LONGEST_REACH_MS
    : (Math.max(...c.candidates.map((candidate) => candidate.duration)) + c.service.bufferMinutes) * 60_000;
  const excluded = c.excludeAppointmentId ?? null;
  const { busy, booked } = await shared(c.reads, `busy:${range}:${excluded}`, () =>
    busyTimes(c.executor, ids, dayStarts, reach, excluded),
  );
  const buffer = c.service.bufferMinutes * 60_000;
  const byStart = new Map<number, { day: number; ids: number[] }>();
  dates.forEach((date, day) => {
    const grid = shared(c.reads, `grid:${date}`, () => gridStarts(date, timeZone));
    let starts = grid.starts.filter((start) => start.at >= earliest);
    if (c.only !== undefined) starts = starts.filter((start) => start.at === c.only);
    if (starts.length === 0) return;
    const schedule = schedules[date] ?? {};
    for (const candidate of c.candidates) {
      const hours = schedule[candidate.id];
      if (!hours || !hours.isWorking || hours.timeOff) continue;
      const opens = Math.max(toMinutes(hours.startTime), GRID_START_MINUTES);
      const closes = Math.min(toMinutes(hours.endTime), GRID_END_MINUTES);
      const length = candidate.duration * 60_000;
      const taken = busy.get(candidate.id) ?? [];
      // The service's own processing, as the booking write would store it for this length.
      const processing = {
        processingAfterMinutes: c.service.processingAfterMinutes,
        processingMinutes: c.service.processingMinutes,
      };
      // Part-day time off, as the rule chain's availability check judges it (wall-clock minutes).
      const hoursOff = (hours.hoursOff ?? []).map((off) => [toMinutes(off.startTime), toMinutes(off.endTime)] as const);
      let next = 0;
      for (const start of starts) {
        if (start.minutes < opens) continue;
        const end = start.at + length;
        // The end on the salon's wall clock, as the working-hours and grid rules judge it.
        const endMinutes = grid.steady ? start.minutes + candidate.duration : wallMinutesOn(date, end, timeZone);
        if (endMinutes > closes) break;
        if (hoursOff.some(([from, to]) => start.minutes < to && endMinutes > from)) continue;
        while (next < taken.length && taken[next]!.end <= start.at) next += 1;
        // The parts of the service the stylist works through, and its own buffer after the
        // last, must not reach into what the stylist works through already.
        const parts = activeParts(start.at, end, processing);
        parts.at(-1)!.end += buffer;
        if (clashes(parts, taken, next)) continue;
        const slot = byStart.get(start.at);
        if (slot) slot.ids.push(candidate.id);
        else byStart.set(start.at, { day, ids: [candidate.id] });
      }
    }
  });
  const bookedOn = (id: number, day: number) => booked.get(id)?.[day] ?? 0;
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, { day, ids }]) => ({
      start: new Date(at).toISOString(),
      // "Anyone" is given the free stylist with the fewest booked minutes that day, then the lowest id.
      stylistIds: ids.length === 1 ? ids : ids.sort((a, b) => bookedOn(a, day) - bookedOn(b, day) || a - b),
    }));
}

async function prepare(executor: Executor, query: { serviceId: number; stylistId?: number | null }) {
  const settings = await assertOnlineBookingOn();
  const service = await offeredService(executor, query.serviceId);
  const candidates = await candidatesFor(executor, service, query.stylistId);
  return { settings, service, candidates };
}

/** The range a slots request may ask for: real dates, from..to at most 31 days. */
export function assertSlotRange(from: string, to: string): void {
  if (!isCalendarDate(from) || !isCalendarDate(to))
    throw new Invalid("from and to must be real calendar dates as YYYY-MM-DD.");
  if (to < from) throw new Invalid("to must not be before from.");
  if (daysBetween(from, to) + 1 > MAX_SLOT_RANGE_DAYS)
    throw new Invalid(`Ask for at most ${MAX_SLOT_RANGE_DAYS} days of slots at once.`);
}

/**
 * The bookable starts for a service with one stylist (`stylistId`) or anyone offered (the
 * union; each slot lists who can take it, the one "Anyone" gets first), on the salon
 * dates from..to (at most 31).
 */
export async function findSlots(executor: Executor, query: SlotQuery): Promise<Slot[]> {
  assertSlotRange(query.from, query.to);
  const { settings, service, candidates } = await prepare(executor, query);
  return computeSlots({
    executor,
    settings,
    service,
    candidates,
    from: query.from,
    to: query.to,
    now: query.now ?? new Date(),
  });
}

/**
 * Who can take exactly this start now, in the order "Anyone" assigns (fewest booked minutes
 * that salon day, then the lowest id): empty when the start is not an offered slot. The
 * booking write calls it inside its transaction (and the rule chain for every online write),
 * so the slot list and the booking cannot disagree. `excludeAppointmentId`: the booking being
 * moved, whose own time is free.
 */
export async function offeredStylists(
  executor: Executor,
  query: {
    serviceId: number;
    stylistId?: number | null;
    start: Date;
    now: Date;
    excludeAppointmentId?: number | null;
  },
): Promise<number[]> {
  const { settings, service, candidates } = await prepare(executor, query);
  const date = dateInZone(query.start, settings.timeZone);
  const [slot] = await computeSlots({
    executor,
    settings,
    service,
    candidates,
    from: date,
    to: date,
    now: query.now,
    only: query.start.getTime(),
    excludeAppointmentId: query.excludeAppointmentId,
  });
  return slot?.stylistIds ?? [];
}

/**
 * The offered slots nearest to `around` (before or after it, within a week either side),
 * earliest first: the alternatives a client is shown when their slot was just taken.
 */
export async function nearestSlots(
  executor: Executor,
  query: { serviceId: number; stylistId?: number | null; around: Date; now: Date; limit?: number },
): Promise<Slot[]> {
  const { settings, service, candidates } = await prepare(executor, query);
  const date = dateInZone(query.around, settings.timeZone);
  const slots = await computeSlots({
    executor,
    settings,
    service,
    candidates,
    from: addDays(date, -7),
    to: addDays(date, 7),
    now: query.now,
  });
  const around = query.around.getTime();
  return slots
    .map((slot) => ({ slot, distance: Math.abs(Date.parse(slot.start) - around) }))
    .sort((a, b) => a.distance - b.distance || Date.parse(a.slot.start) - Date.parse(b.slot.start))
    .slice(0, query.limit ?? 5)
    .map(({ slot }) => slot)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

// --- The salon's own free slots (the waitlist) --------------------------------------------

/**
 * The free starts for a service on the salon dates from..to as staff could book them (the
 * waitlist's matches and offers, decision 0127): the same computation with every active
 * stylist (or the one asked for) and the active service whether or not they are offered
 * online, without the online lead time; working hours, time off, appointments, buffers,
 * per-stylist durations and the advance limit as above. Works while online booking is off.
 */
export async function salonSlots(
  executor: Executor,
  query: { serviceId: number; stylistId?: number | null; from: CalendarDate; to: CalendarDate; now: Date },
  reads?: SharedSlotReads,
): Promise<(Slot & { durations: Record<number, number> })[]> {
  const stored = await readSettingsWithSecret();
  const settings = { ...storedOnlineSettings(stored), leadTimeHours: 0 };
  const [service] = await executor
    .select({
      id: services.id,
      duration: services.duration,
      bufferMinutes: services.bufferMinutes,
      processingAfterMinutes: services.processingAfterMinutes,
      processingMinutes: services.processingMinutes,
      isActive: services.isActive,
    })
    .from(services)
    .where(eq(services.id, query.serviceId))
    .limit(1);
  if (!service || !service.isActive) return [];
  const conditions = [eq(stylists.isActive, true)];
  if (query.stylistId) conditions.push(eq(stylists.id, query.stylistId));
  const people = await shared(reads, `people:${query.stylistId ?? "any"}`, () =>
    executor
      .select({ id: stylists.id })
      .from(stylists)
      .where(and(...conditions))
      .orderBy(asc(stylists.id)),
  );
  const entries = await pricingEntries(
    executor,
    [service.id],
    people.map((person) => person.id),
  );
  const candidates = people.map((person) => ({
    id: person.id,
    duration: roundDuration(entries.get(`${service.id}:${person.id}`)?.duration ?? service.duration),
  }));
  const durations = Object.fromEntries(candidates.map((candidate) => [candidate.id, candidate.duration]));
  const slots = await computeSlots({
    executor,
    settings,
    service,
    candidates,
    from: query.from,
    to: query.to,
    now: query.now,
    reads,
  });
  return slots.map((slot) => ({ ...slot, durations }));
}

/** The settings the slot computation reads, from the stored row (whether or not online booking is on). */
function storedOnlineSettings(settings: Awaited<ReturnType<typeof readSettingsWithSecret>>): OnlineSettings {
  return {
    salonName: settings.salonName.trim() || FALLBACK_SALON_NAME,
    phone: settings.phone,
    timeZone: settings.timeZone,
    clockFormat: settings.clockFormat,
    policyText: settings.onlinePolicyText,
    leadTimeHours: settings.onlineLeadTimeHours,
    approval: settings.onlineApproval,
    newClients: settings.onlineNewClients,
    bookingAdvanceLimit: settings.bookingAdvanceLimit,
    cancellationNotice: settings.cancellationNotice,
  };
}
