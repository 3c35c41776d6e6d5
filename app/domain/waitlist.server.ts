// The waitlist (decisions 0127, 0128): clients who want a service between two dates when
// no slot fits. An entry's matches are the free slots the salon could book for it now
// (the one slot computation, online-slots' `salonSlots`), so a cancellation, a deletion, a
// move or removed time off shows up in its matches, the menu's badge and the calendar on
// the next read, which every tablet makes on the change's live event.
//
// With the salon's `waitlistAutoOffer` on, a pass (after a change, and from the scheduler
// loop in every server process) offers each free slot to the first waiting client it fits:
// an offer holds the slot for `waitlistHoldMinutes` against other offers, and its text or
// e-mail carries a signed link. Offers are made in write transactions (BEGIN IMMEDIATE)
// that re-read what they rely on, and a partial unique index allows one live offer of a
// stylist's start, so two processes never offer one slot twice; the message is claimed with
// a lease written on the offer, so it goes once. Accepting books through the one checked
// booking (the rule chain); a declined or expired offer lets the next pass offer the slot
// to the next client (an entry is never offered the same slot twice).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import type { WaitlistOfferStatus, WaitlistTimes } from "#db/enums";
import { clients, services, stylists, waitlistEntries, waitlistOffers, type SalonSettings } from "#db/schema";
import { sessionSecret } from "~/lib/env.server";
import type { Page, PageRequest } from "~/lib/paging";
import { addDays, daysBetween, minutesInZone, todayInZone, type CalendarDate, dateInZone } from "~/lib/salon-time";
import { appointmentDateTime } from "~/lib/sms-template";
import { WAITLIST_MAX_DAYS, WaitlistEntrySchema } from "~/lib/schemas/waitlist";
import { assertCan, onlineClient, type Actor, type OnlineClientActor } from "./access.server";
import { salonRules } from "./appointment-rules.server";
import { insertChecked, resolveWrite } from "./appointment-writes.server";
import { emailConfigured, logEmail, publicBaseUrl, sendEmail } from "./email.server";
import { sendQueuedEmailsSoon } from "./email-notices.server";
import { Conflict, Invalid, NotFound } from "./errors";
import { publish } from "./events.server";
import { cursorKey, IdCursor, pageOf } from "./paging.server";
import { publicStylistName, salonSlots, type SharedSlotReads } from "./online-slots.server";
import { readSettingsWithSecret } from "./settings.server";
import { dataRevision, sharedRead } from "./shared-reads.server";
import { credentialsComplete } from "./sms-providers.server";
import { sendLoggedText } from "./sms.server";
import { parseOrInvalid } from "./validate";
import { ONLINE_PATCH_TEST } from "~/lib/patch-tests";
import { findingsFor } from "./patch-tests.server";

const worker = `${hostname()}:${process.pid}`;
/** A message claim is its process's for this long: far longer than one send. */
const LEASE_MS = 10 * 60_000;
/** The matches listed per entry on the screen and in /api. */
const MATCHES_SHOWN = 5;
/** The waiting entries looked at for the badge, the calendar and one offer pass (oldest first). */
const ENTRIES_SCANNED = 200;
/** The slot computation's longest range per call (online-slots' limit). */
const SLOT_CHUNK_DAYS = 31;
/** The badge computes its first days' slots on their own, for every entry of a service at once. */
const BADGE_FIRST_BLOCK_DAYS = 7;
/** The badge and the calendar's matches are computed again at least this often, as free slots pass into the past. */
const BADGE_PERIOD_MS = 5 * 60_000;

export const OFFER_GONE =
  "This offer has run out or was already answered. Please call the salon if you still want a time.";
export const OFFER_TAKEN = "Sorry, this time has just been taken. You are still on the waiting list.";
export const OFFER_UNAVAILABLE = "Sorry, this time can no longer be booked. Please call the salon.";
export const WAITLIST_RANGE = `A waitlist entry spans at most ${WAITLIST_MAX_DAYS} days.`;
export const WAITLIST_PAST = "The last date has passed: choose dates from today on.";

export type WaitlistStatusFilter = "waiting" | "expired" | "booked";

export type WaitlistMatch = { start: string; end: string; stylistId: number; stylistName: string };
export type WaitlistOfferView = {
  id: number;
  status: WaitlistOfferStatus;
  start: string;
  stylistId: number;
  holdUntil: string;
  channel: "sms" | "email" | null;
  sendStatus: "sending" | "sent" | "failed" | "skipped";
};
export type WaitlistEntryView = {
  id: number;
  clientId: number;
  clientName: string;
  serviceId: number;
  serviceName: string;
  stylistId: number | null;
  stylistName: string | null;
  from: CalendarDate;
  to: CalendarDate;
  times: WaitlistTimes;
  notes: string | null;
  createdAt: string;
  status: WaitlistStatusFilter;
  bookedAppointmentId: number | null;
  /** The free slots that fit it now, earliest first (at most five; waiting entries only). */
  matches: WaitlistMatch[];
  /** The offer out now, if any. */
  offer: WaitlistOfferView | null;
  /**
   * The service needs a patch test that the client's record allows at none of the matches:
   * no offer goes automatically (decision 0139); the salon books it.
   */
  needsPatchTest: boolean;
};

type EntryRow = typeof waitlistEntries.$inferSelect;

// ---------------------------------------------------------------------------------------
// Entries

const entryColumns = {
  entry: waitlistEntries,
  clientName: clients.name,
  serviceName: services.name,
  stylistName: stylists.name,
};

function entryQuery(executor: Executor) {
  return executor
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(clients, eq(clients.id, waitlistEntries.clientId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .leftJoin(stylists, eq(stylists.id, waitlistEntries.stylistId));
}

function statusCondition(status: WaitlistStatusFilter, today: CalendarDate) {
  if (status === "booked") return isNotNull(waitlistEntries.bookedAppointmentId);
  if (status === "expired") return and(isNull(waitlistEntries.bookedAppointmentId), lt(waitlistEntries.toDate, today));
  return and(isNull(waitlistEntries.bookedAppointmentId), gte(waitlistEntries.toDate, today));
}

function statusOf(entry: EntryRow, today: CalendarDate): WaitlistStatusFilter {
  if (entry.bookedAppointmentId !== null || entry.bookedAt !== null) return "booked";
  return entry.toDate < today ? "expired" : "waiting";
}

/** The waitlist, oldest first (first come, first offered): a page of entries with their matches and live offers. */
export async function listWaitlist(
  actor: Actor,
  page: PageRequest,
  options: { status?: WaitlistStatusFilter; now?: Date } = {},
): Promise<Page<WaitlistEntryView>> {
  assertCan(actor, "waitlist.manage");
  const now = options.now ?? new Date();
  const status = options.status ?? "waiting";
  const settings = await readSettingsWithSecret();
  const today = todayInZone(settings.timeZone, now);
  const after = cursorKey(page.after, IdCursor);
  const rows = await entryQuery(db)
    .where(and(statusCondition(status, today), after ? gt(waitlistEntries.id, after[0]) : undefined))
    .orderBy(asc(waitlistEntries.id))
    .limit(page.limit + 1);
  const kept = rows.slice(0, page.limit);
  const offers = await liveOffers(
    db,
    kept.map((row) => row.entry.id),
  );
  const views = await Promise.all(
    kept.map(async (row) => entryView(row, today, await matchesOf(row.entry, status, settings, now), offers)),
  );
  const result = pageOf(
    rows,
    page,
    (row) => [row.entry.id],
    (row) => row,
  );
  return { items: views, nextCursor: result.nextCursor };
}

/** One entry, with its matches. */
export async function getWaitlistEntry(actor: Actor, id: number, now = new Date()): Promise<WaitlistEntryView> {
  assertCan(actor, "waitlist.manage");
  const settings = await readSettingsWithSecret();
  const [row] = await entryQuery(db).where(eq(waitlistEntries.id, id)).limit(1);
  if (!row) throw new NotFound("Waitlist entry not found");
  const today = todayInZone(settings.timeZone, now);
  const matches = await matchesOf(row.entry, statusOf(row.entry, today), settings, now);
  return entryView(row, today, matches, await liveOffers(db, [id]));
}

/** A waiting entry's matches, and whether the client's patch-test record allows none of them. */
async function matchesOf(entry: EntryRow, status: WaitlistStatusFilter, settings: SalonSettings, now: Date) {
  if (status !== "waiting") return { matches: [], needsPatchTest: false };
  const matches = await entryMatches(db, entry, settings, now);
  const needsPatchTest = matches.length > 0 && (await matchesPatchTestAllows(db, entry, matches)).length === 0;
  return { matches, needsPatchTest };
}

function entryView(
  row: { entry: EntryRow; clientName: string; serviceName: string; stylistName: string | null },
  today: CalendarDate,
  { matches, needsPatchTest }: { matches: WaitlistMatch[]; needsPatchTest: boolean },
  offers: Map<number, WaitlistOfferView>,
): WaitlistEntryView {
  const { entry } = row;
  return {
    id: entry.id,
    clientId: entry.clientId,
    clientName: row.clientName,
    serviceId: entry.serviceId,
    serviceName: row.serviceName,
    stylistId: entry.stylistId,
    stylistName: row.stylistName,
    from: entry.fromDate,
    to: entry.toDate,
    times: entry.times,
    notes: entry.notes,
    createdAt: entry.createdAt,
    status: statusOf(entry, today),
    bookedAppointmentId: entry.bookedAppointmentId,
    matches,
    offer: offers.get(entry.id) ?? null,
    needsPatchTest,
  };
}

async function liveOffers(executor: Executor, entryIds: number[]): Promise<Map<number, WaitlistOfferView>> {
  if (entryIds.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(waitlistOffers)
    .where(and(inArray(waitlistOffers.entryId, entryIds), eq(waitlistOffers.status, "offered")));
  return new Map(
    rows.map((row) => [
      row.entryId,
      {
        id: row.id,
        status: row.status,
        start: row.startTime,
        stylistId: row.stylistId,
        holdUntil: row.holdUntil,
        channel: row.channel,
        sendStatus: row.sendStatus,
      },
    ]),
  );
}

/** `POST /api/waitlist` and the screens' "Add to waitlist". */
export async function createWaitlistEntry(actor: Actor, input: unknown, now = new Date()): Promise<WaitlistEntryView> {
  assertCan(actor, "waitlist.manage");
  const data = parseOrInvalid(WaitlistEntrySchema, input);
  const settings = await readSettingsWithSecret();
  const today = todayInZone(settings.timeZone, now);
  if (data.to < today) throw new Invalid(WAITLIST_PAST, { to: [WAITLIST_PAST] });
  if (addDays(data.from, WAITLIST_MAX_DAYS - 1) < data.to) throw new Invalid(WAITLIST_RANGE, { to: [WAITLIST_RANGE] });
  const id = await writeTransaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, data.clientId)).limit(1);
    if (!client) throw new Invalid("Client not found", { clientId: ["Client not found"] });
    const [service] = await tx
      .select({ isActive: services.isActive })
      .from(services)
      .where(eq(services.id, data.serviceId))
      .limit(1);
    if (!service?.isActive)
      throw new Invalid("Choose a service that can be booked", { serviceId: ["Service not found"] });
    if (data.stylistId) {
      const [stylist] = await tx
        .select({ isActive: stylists.isActive })
        .from(stylists)
        .where(eq(stylists.id, data.stylistId))
        .limit(1);
      if (!stylist?.isActive) throw new Invalid("Stylist not found", { stylistId: ["Stylist not found"] });
    }
    const [row] = await tx
      .insert(waitlistEntries)
      .values({
        clientId: data.clientId,
        serviceId: data.serviceId,
        stylistId: data.stylistId ?? null,
        fromDate: data.from,
        toDate: data.to,
        times: data.times,
        notes: data.notes ?? null,
        createdByUserId: actor.id,
      })
      .returning({ id: waitlistEntries.id });
    await publish(tx, "waitlist", row!.id);
    return row!.id;
  });
  runWaitlistSoon();
  return getWaitlistEntry(actor, id, now);
}

/** `DELETE /api/waitlist/{id}`: the entry goes, and with it any offer out for it (its link then says so). */
export async function deleteWaitlistEntry(actor: Actor, id: number): Promise<void> {
  assertCan(actor, "waitlist.manage");
  await writeTransaction(async (tx) => {
    const [row] = await tx
      .delete(waitlistEntries)
      .where(eq(waitlistEntries.id, id))
      .returning({ id: waitlistEntries.id });
    if (!row) throw new NotFound("Waitlist entry not found");
    await publish(tx, "waitlist", id);
  });
  runWaitlistSoon();
}

// ---------------------------------------------------------------------------------------
// Matches

/** Whether a start (salon wall-clock minutes) falls in the part of the day an entry asks for. */
export function fitsTimes(times: WaitlistTimes, minutes: number): boolean {
  if (times === "morning") return minutes < 12 * 60;
  if (times === "afternoon") return minutes >= 12 * 60 && minutes < 17 * 60;
  if (times === "evening") return minutes >= 17 * 60;
  return true;
}

/**
 * The free slots that fit an entry now, earliest first: its service (with its stylist, or
 * anyone), its dates from today on, its part of the day, leaving out slots held by a live
 * offer to another entry. At most `limit`.
 */
export async function entryMatches(
  executor: Executor,
  entry: Pick<EntryRow, "id" | "serviceId" | "stylistId" | "fromDate" | "toDate" | "times">,
  settings: Pick<SalonSettings, "timeZone">,
  now: Date,
  limit = MATCHES_SHOWN,
  source: SlotSource = {
    slotsFor: (query) => salonSlots(executor, { ...query, now }),
    chunkEnd: (from) => addDays(from, SLOT_CHUNK_DAYS - 1),
  },
): Promise<WaitlistMatch[]> {
  const today = todayInZone(settings.timeZone, now);
  const first = entry.fromDate < today ? today : entry.fromDate;
  if (first > entry.toDate) return [];
  const held = await executor
    .select({ stylistId: waitlistOffers.stylistId, start: waitlistOffers.startTime, end: waitlistOffers.endTime })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.status, "offered"),
        ne(waitlistOffers.entryId, entry.id),
        gt(waitlistOffers.endTime, now.toISOString()),
      ),
    );
  const names = new Map(
    (await executor.select({ id: stylists.id, name: stylists.name }).from(stylists)).map((row) => [row.id, row.name]),
  );
  const found: WaitlistMatch[] = [];
  let from = first;
  while (from <= entry.toDate && found.length < limit) {
    const chunkEnd = source.chunkEnd(from);
    const to = chunkEnd < entry.toDate ? chunkEnd : entry.toDate;
    const slots = await source.slotsFor({ serviceId: entry.serviceId, stylistId: entry.stylistId, from, to });
    from = addDays(to, 1);
    for (const slot of slots) {
      if (!fitsTimes(entry.times, minutesInZone(slot.start, settings.timeZone))) continue;
      const startMs = Date.parse(slot.start);
      const stylistId = slot.stylistIds.find((id) => {
        const end = startMs + (slot.durations[id] ?? 0) * 60_000;
        return !held.some(
          (offer) => offer.stylistId === id && Date.parse(offer.start) < end && Date.parse(offer.end) > startMs,
        );
      });
      if (stylistId === undefined) continue;
      found.push({
        start: slot.start,
        end: new Date(startMs + (slot.durations[stylistId] ?? 0) * 60_000).toISOString(),
        stylistId,
        stylistName: names.get(stylistId) ?? "",
      });
      if (found.length >= limit) break;
    }
  }
  return found;
}

async function waitingEntries(executor: Executor, today: CalendarDate): Promise<EntryRow[]> {
  return executor
    .select()
    .from(waitlistEntries)
    .where(statusCondition("waiting", today))
    .orderBy(asc(waitlistEntries.id))
    .limit(ENTRIES_SCANNED);
}

type SlotQuery = { serviceId: number; stylistId: number | null; from: CalendarDate; to: CalendarDate };
/**
 * Where an entry's matches are looked for: `slotsFor` a range of days, asked one chunk at a
 * time, each ending at `chunkEnd(from)`, until enough are found.
 */
type SlotSource = {
  slotsFor: (query: SlotQuery) => ReturnType<typeof salonSlots>;
  chunkEnd: (from: CalendarDate) => CalendarDate;
};

/**
 * Slots for many entries at once (the badge, the calendar's day): each service and stylist
 * choice is computed once per block of days, and cut to each query's days. Entries asking
 * for the same service share its computation. The blocks are counted from `origin` (no query
 * starts before it): the first `firstDays` long, the others `blockDays`. An entry's chunks
 * end where the blocks do, so each asks for one block, and the days after its first match
 * are never computed for it.
 */
function sharedSlots(
  executor: Executor,
  { origin, firstDays, blockDays }: { origin: CalendarDate; firstDays: number; blockDays: number },
  timeZone: string,
  now: Date,
): SlotSource {
  const blocks = new Map<string, ReturnType<typeof salonSlots>>();
  // The stylists, their hours, time off and bookings of a block, read once for every service.
  const reads: SharedSlotReads = new Map();
  // The salon date of each start, worked out once: the same starts come back for every service.
  const dates = new Map<string, CalendarDate>();
  const dateOf = (start: string) => {
    let date = dates.get(start);
    if (date === undefined) dates.set(start, (date = dateInZone(start, timeZone)));
    return date;
  };
  const indexOf = (date: CalendarDate) => {
    const days = daysBetween(origin, date);
    return days < firstDays ? 0 : 1 + Math.floor((days - firstDays) / blockDays);
  };
  const startOf = (index: number) => (index === 0 ? origin : addDays(origin, firstDays + (index - 1) * blockDays));
  const endOf = (index: number) => addDays(startOf(index + 1), -1);
  const block = (serviceId: number, stylistId: number | null, index: number) => {
    const key = `${serviceId}:${stylistId ?? "any"}:${index}`;
    let slots = blocks.get(key);
    if (!slots) {
      slots = salonSlots(executor, { serviceId, stylistId, from: startOf(index), to: endOf(index), now }, reads);
      blocks.set(key, slots);
    }
    return slots;
  };
  return {
    slotsFor: async ({ serviceId, stylistId, from, to }) => {
      const found = [];
      for (let index = indexOf(from); index <= indexOf(to); index++)
        for (const slot of await block(serviceId, stylistId, index)) {
          const day = dateOf(slot.start);
          if (day >= from && day <= to) found.push(slot);
        }
      return found;
    },
    chunkEnd: (from) => endOf(indexOf(from)),
  };
}

/**
 * The menu's badge: how many waiting entries a free slot fits now (0 for who may not see the
 * waitlist). On every screen of every tablet, so computed once per data revision (and five
 * minutes, as slots pass) for all of them, each service's slots once for all its entries.
 */
export async function waitlistBadge(actor: Actor, now = new Date()): Promise<number> {
  if (!canSeeWaitlist(actor)) return 0;
  const settings = await readSettingsWithSecret();
  const today = todayInZone(settings.timeZone, now);
  const period = Math.floor(now.getTime() / BADGE_PERIOD_MS);
  return sharedRead(`waitlist-badge:${today}:${period}`, async () => {
    const entries = await waitingEntries(db, today);
    // The first week on its own: most entries match in their first days, and one match is
    // enough here. Then blocks as long as the slot computation allows, for entries that find none.
    const slots = sharedSlots(
      db,
      { origin: today, firstDays: BADGE_FIRST_BLOCK_DAYS, blockDays: SLOT_CHUNK_DAYS },
      settings.timeZone,
      now,
    );
    let count = 0;
    for (const entry of entries) {
      if ((await entryMatches(db, entry, settings, now, 1, slots)).length > 0) count += 1;
      // The embedded database answers synchronously: other requests get a turn between entries.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return count;
  });
}

function canSeeWaitlist(actor: Actor): boolean {
  try {
    assertCan(actor, "waitlist.manage");
    return true;
  } catch {
    return false;
  }
}

export type CalendarWaitlistMatch = {
  entryId: number;
  clientName: string;
  serviceName: string;
  stylistId: number;
  start: string;
  end: string;
  offered: boolean;
};

/**
 * The waiting entries a free slot on one salon date fits, for the calendar: the first match of
 * each on that date. Shared by every tablet showing the date, as the badge is (decision 0140).
 */
export async function waitlistMatchesOn(
  actor: Actor,
  date: CalendarDate,
  now = new Date(),
): Promise<CalendarWaitlistMatch[]> {
  if (!canSeeWaitlist(actor)) return [];
  const period = Math.floor(now.getTime() / BADGE_PERIOD_MS);
  return sharedRead(`waitlist-on:${date}:${period}`, () => matchesOn(date, now));
}

async function matchesOn(date: CalendarDate, now: Date): Promise<CalendarWaitlistMatch[]> {
  const settings = await readSettingsWithSecret();
  const slots = sharedSlots(db, { origin: date, firstDays: 1, blockDays: 1 }, settings.timeZone, now);
  const rows = await entryQuery(db)
    .where(
      and(
        statusCondition("waiting", todayInZone(settings.timeZone, now)),
        lte(waitlistEntries.fromDate, date),
        gte(waitlistEntries.toDate, date),
      ),
    )
    .orderBy(asc(waitlistEntries.id))
    .limit(ENTRIES_SCANNED);
  const offers = await liveOffers(
    db,
    rows.map((row) => row.entry.id),
  );
  const found: CalendarWaitlistMatch[] = [];
  for (const row of rows) {
    const offer = offers.get(row.entry.id);
    if (offer && dateInZone(offer.start, settings.timeZone) === date) {
      const [stored] = await db
        .select({ end: waitlistOffers.endTime })
        .from(waitlistOffers)
        .where(eq(waitlistOffers.id, offer.id));
      found.push({
        entryId: row.entry.id,
        clientName: row.clientName,
        serviceName: row.serviceName,
        stylistId: offer.stylistId,
        start: offer.start,
        end: stored?.end ?? offer.start,
        offered: true,
      });
      continue;
    }
    const [match] = await entryMatches(db, { ...row.entry, fromDate: date, toDate: date }, settings, now, 1, slots);
    if (match)
      found.push({
        entryId: row.entry.id,
        clientName: row.clientName,
        serviceName: row.serviceName,
        stylistId: match.stylistId,
        start: match.start,
        end: match.end,
        offered: false,
      });
  }
  return found;
}

// ---------------------------------------------------------------------------------------
// Offers: the signed link

function offerSignature(id: number, nonce: string): string {
  return createHmac("sha256", sessionSecret).update(`waitlist-offer:${id}:${nonce}`).digest("base64url").slice(0, 32);
}

export function offerToken(id: number, nonce: string): string {
  return `${id}.${offerSignature(id, nonce)}`;
}

export function offerUrl(id: number, nonce: string): string {
  return `${publicBaseUrl()}/waitlist/offer/${offerToken(id, nonce)}`;
}

async function offerOfToken(executor: Executor, token: string) {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [offer] = await executor
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.id, Number(match[1])))
    .limit(1);
  if (!offer) return null;
  const expected = Buffer.from(offerSignature(offer.id, offer.nonce));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? offer : null;
}

export type PublicOffer = {
  salonName: string;
  salonPhone: string;
  serviceName: string;
  stylistName: string;
  start: string;
  end: string;
  holdUntil: string;
  timeZone: string;
  clockFormat: "12h" | "24h";
  state: "open" | "accepted" | "declined" | "gone";
};

const LINK_INVALID = "This link is not valid.";

/** The public offer page: what is offered and whether it can still be taken (nothing else about the client). */
export async function getPublicOffer(token: string, now = new Date()): Promise<PublicOffer> {
  const offer = await offerOfToken(db, token);
  if (!offer) throw new NotFound(LINK_INVALID);
  const settings = await readSettingsWithSecret();
  const [row] = await db
    .select({ serviceName: services.name, stylistName: stylists.name })
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(stylists, eq(stylists.id, offer.stylistId))
    .where(eq(waitlistEntries.id, offer.entryId))
    .limit(1);
  if (!row) throw new NotFound(LINK_INVALID);
  const state =
    offer.status === "accepted"
      ? "accepted"
      : offer.status === "declined"
        ? "declined"
        : offer.status === "offered" && offer.holdUntil > now.toISOString()
          ? "open"
          : "gone";
  return {
    salonName: settings.salonName.trim() || "The salon",
    salonPhone: settings.phone.trim(),
    serviceName: row.serviceName,
    stylistName: publicStylistName(row.stylistName),
    start: offer.startTime,
    end: offer.endTime,
    holdUntil: offer.holdUntil,
    timeZone: settings.timeZone,
    clockFormat: settings.clockFormat,
    state,
  };
}

/**
 * The client takes the offer: in one write transaction the offer must still be out and
 * held, and the booking goes through the one checked insert (the rule chain: working hours,
 * overlap, the client not booked twice, every rule added there). A refusal withdraws the
 * offer (its slot is then no longer as offered) and says so; the next pass offers what is free.
 */
export async function acceptOffer(token: string, now = new Date()): Promise<{ appointmentId: number }> {
  const salon = await salonRules();
  try {
    const result = await writeTransaction(async (tx) => {
      const offer = await offerOfToken(tx, token);
      if (!offer) throw new NotFound(LINK_INVALID);
      if (offer.status !== "offered" || offer.holdUntil <= now.toISOString()) throw new Conflict(OFFER_GONE);
      const [entry] = await tx
        .select({ entry: waitlistEntries, clientName: clients.name })
        .from(waitlistEntries)
        .innerJoin(clients, eq(clients.id, waitlistEntries.clientId))
        .where(eq(waitlistEntries.id, offer.entryId))
        .limit(1);
      if (!entry || entry.entry.bookedAppointmentId !== null) throw new Conflict(OFFER_GONE);
      const actor: OnlineClientActor = { ...onlineClient(`${entry.clientName} (waitlist)`), acceptingOffer: true };
      const write = {
        clientId: entry.entry.clientId,
        stylistId: offer.stylistId,
        serviceId: entry.entry.serviceId,
        start: new Date(offer.startTime),
        status: "scheduled" as const,
        notes: entry.entry.notes ?? null,
      };
      const resolved = await resolveWrite(tx, actor, write, null);
      const appointmentId = await insertChecked(tx, actor, write, resolved, salon);
      const answeredAt = now.toISOString();
      await tx
        .update(waitlistOffers)
        .set({ status: "accepted", answeredAt, appointmentId })
        .where(eq(waitlistOffers.id, offer.id));
      await tx
        .update(waitlistEntries)
        .set({ bookedAppointmentId: appointmentId, bookedAt: answeredAt })
        .where(eq(waitlistEntries.id, offer.entryId));
      await publish(tx, "waitlist", offer.entryId);
      return { appointmentId };
    });
    sendQueuedEmailsSoon();
    runWaitlistSoon();
    return result;
  } catch (error) {
    if (error instanceof NotFound || (error instanceof Conflict && error.message === OFFER_GONE)) throw error;
    if (error instanceof Invalid || error instanceof Conflict) {
      // The slot is no longer bookable as offered: the offer is withdrawn. The rule chain's
      // words are for staff (they name other clients and stylists' time off): the client
      // reads only that the time is gone, or that a patch test is needed first.
      await withdrawOfferOfToken(token, now);
      runWaitlistSoon();
      if (error.message === ONLINE_PATCH_TEST) throw error;
      throw error instanceof Conflict ? new Conflict(OFFER_TAKEN) : new Invalid(OFFER_UNAVAILABLE);
    }
    throw error;
  }
}

async function withdrawOfferOfToken(token: string, now: Date) {
  await writeTransaction(async (tx) => {
    const offer = await offerOfToken(tx, token);
    if (!offer) return;
    const [row] = await tx
      .update(waitlistOffers)
      .set({ status: "withdrawn", answeredAt: now.toISOString() })
      .where(and(eq(waitlistOffers.id, offer.id), eq(waitlistOffers.status, "offered")))
      .returning({ id: waitlistOffers.id });
    if (row) await publish(tx, "waitlist", offer.entryId);
  });
}

/** The client turns the offer down: the slot goes to the next client on the next pass. */
export async function declineOffer(token: string, now = new Date()): Promise<void> {
  await writeTransaction(async (tx) => {
    const offer = await offerOfToken(tx, token);
    if (!offer) throw new NotFound(LINK_INVALID);
    const [row] = await tx
      .update(waitlistOffers)
      .set({ status: "declined", answeredAt: now.toISOString() })
      .where(and(eq(waitlistOffers.id, offer.id), eq(waitlistOffers.status, "offered")))
      .returning({ id: waitlistOffers.id });
    if (!row) throw new Conflict(OFFER_GONE);
    await publish(tx, "waitlist", offer.entryId);
  });
  runWaitlistSoon();
}

// ---------------------------------------------------------------------------------------
// Offers: the pass

export type OfferPassSummary = {
  skipped?: "off";
  expired: number;
  offered: number;
  sent: number;
  failed: number;
};

/**
 * One pass of the automatic offers: holds that ran out expire, each waiting entry without
 * an offer out is offered the first free slot that fits it (oldest entry first), and every
 * offer's message not yet claimed is claimed and sent. Safe to run in several processes at once.
 */
export async function runWaitlistOffers(now: () => Date = () => new Date()): Promise<OfferPassSummary> {
  const summary: OfferPassSummary = { expired: 0, offered: 0, sent: 0, failed: 0 };
  summary.expired = await expireHolds(now());
  const settings = await readSettingsWithSecret({ fresh: true });
  if (settings.waitlistAutoOffer) {
    // Read before the entries: a write after it, by anyone, ends this pass's offers.
    const pass = { revision: await dataRevision() };
    const entries = await waitingEntries(db, todayInZone(settings.timeZone, now()));
    const withOffers = await liveOffers(
      db,
      entries.map((entry) => entry.id),
    );
    for (const entry of entries) {
      if (withOffers.has(entry.id)) continue;
      const outcome = await offerFirstMatch(entry, settings, now(), pass);
      if (outcome === "offered") summary.offered += 1;
      if (outcome === "stale") break;
    }
  } else summary.skipped = "off";
  for (;;) {
    const claimed = await claimOfferMessages(now());
    if (claimed.length === 0) break;
    for (const claim of claimed) {
      if ((await sendOfferMessage(claim, now)) === "sent") summary.sent += 1;
      else summary.failed += 1;
    }
  }
  return summary;
}

async function expireHolds(at: Date): Promise<number> {
  return writeTransaction(async (tx) => {
    const rows = await tx
      .update(waitlistOffers)
      .set({ status: "expired", answeredAt: at.toISOString() })
      .where(and(eq(waitlistOffers.status, "offered"), lte(waitlistOffers.holdUntil, at.toISOString())))
      .returning({ entryId: waitlistOffers.entryId });
    if (rows.length > 0) await publish(tx, "waitlist", null);
    return rows.length;
  });
}

/** How the offer can reach the client, or null when it cannot (no offer is made then). */
function channelFor(
  settings: SalonSettings,
  client: { phone: string; smsOptedOutAt: string | null; email: string | null; emailUnsubscribedAt: string | null },
): "sms" | "email" | null {
  if (settings.smsEnabled && credentialsComplete(settings) && client.phone.trim() && !client.smsOptedOutAt)
    return "sms";
  if (settings.emailEnabled && emailConfigured(settings) && client.email && !client.emailUnsubscribedAt) return "email";
  return null;
}

/**
 * Offers one entry its first free slot, in a write transaction that re-reads everything it
 * relies on: the entry still waiting with no offer out, the client reachable, the slot still
 * free and held by no other offer (the partial unique index backs this), and never offered to
 * this entry before.
 *
 * The entries of a pass go oldest first, each in its own transaction, so a slot freed between
 * two of them would go to a younger client than one already passed over. Each transaction
 * therefore checks that the data is still at the pass's revision (its own offers aside): when
 * anyone else wrote since, it offers nothing ("stale") and the next pass starts again from the
 * oldest entry.
 */
async function offerFirstMatch(
  entry: EntryRow,
  settings: SalonSettings,
  at: Date,
  pass: { revision: number | null },
): Promise<"offered" | "none" | "stale"> {
  return writeTransaction(async (tx) => {
    if (pass.revision !== null && (await dataRevision(tx)) !== pass.revision) return "stale";
    const [current] = await tx
      .select({ entry: waitlistEntries, client: clients })
      .from(waitlistEntries)
      .innerJoin(clients, eq(clients.id, waitlistEntries.clientId))
      .where(eq(waitlistEntries.id, entry.id))
      .limit(1);
    if (!current || current.entry.bookedAppointmentId !== null) return "none";
    const channel = channelFor(settings, current.client);
    if (!channel) return "none";
    const [out] = await tx
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "offered")))
      .limit(1);
    if (out) return "none";
    // An opening the client was offered before (declined, or let run out) is not offered
    // to them again, not even a quarter of an hour later: it goes to the next client.
    const before = await tx
      .select({ stylistId: waitlistOffers.stylistId, start: waitlistOffers.startTime, end: waitlistOffers.endTime })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.entryId, entry.id));
    const seenBefore = (candidate: WaitlistMatch) =>
      before.some(
        (offer) =>
          offer.stylistId === candidate.stylistId && offer.start < candidate.end && offer.end > candidate.start,
      );
    const matches = await entryMatches(tx, current.entry, settings, at, MATCHES_SHOWN + 4 * before.length);
    const match = (await matchesPatchTestAllows(tx, current.entry, matches)).find(
      (candidate) => !seenBefore(candidate),
    );
    if (!match) return "none";
    const holdUntil = new Date(at.getTime() + settings.waitlistHoldMinutes * 60_000);
    const start = Date.parse(match.start);
    const [row] = await tx
      .insert(waitlistOffers)
      .values({
        entryId: entry.id,
        stylistId: match.stylistId,
        startTime: match.start,
        endTime: match.end,
        // A hold never outlasts the slot's start.
        holdUntil: new Date(Math.min(holdUntil.getTime(), start)).toISOString(),
        nonce: randomBytes(12).toString("base64url"),
        channel,
        sendStatus: "sending",
        nextAttemptAt: at.toISOString(),
      })
      .onConflictDoNothing()
      .returning({ id: waitlistOffers.id });
    if (!row) return "none";
    await publish(tx, "waitlist", entry.id);
    // The pass's own offer moves the revision too: the next entry compares with after it.
    pass.revision = await dataRevision(tx);
    return "offered";
  });
}

/**
 * The matches the client's patch-test record allows for the entry's service (decision 0139):
 * a client cannot book past a patch-test warning, so a time their record does not allow (no
 * test, too recent, expired, failed) is not offered; the salon books it.
 */
async function matchesPatchTestAllows(
  executor: Executor,
  entry: { clientId: number; serviceId: number },
  matches: WaitlistMatch[],
): Promise<WaitlistMatch[]> {
  const findings = await findingsFor(
    executor,
    matches.map((match, index) => ({
      id: index,
      clientId: entry.clientId,
      serviceId: entry.serviceId,
      startTime: match.start,
    })),
  );
  return matches.filter((_, index) => !findings.has(index));
}

type OfferClaim = { id: number; leaseUntil: string };

/** Claims the offers whose message is due, for this process, with a lease (one write transaction). */
async function claimOfferMessages(at: Date): Promise<OfferClaim[]> {
  return writeTransaction(async (tx) => {
    const due = await tx
      .select({ id: waitlistOffers.id, claimedBy: waitlistOffers.claimedBy })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.sendStatus, "sending"), lte(waitlistOffers.nextAttemptAt, at.toISOString())))
      .orderBy(asc(waitlistOffers.id))
      .limit(20);
    if (due.length === 0) return [];
    // A claim whose lease ran out belongs to a process that stopped mid-send and may have
    // sent it: never sent twice, it is settled as failed and the offer withdrawn (the
    // next pass offers the slot to the next client).
    const stranded = due.filter((row) => row.claimedBy !== "").map((row) => row.id);
    if (stranded.length > 0) {
      await tx
        .update(waitlistOffers)
        .set({
          sendStatus: "failed",
          error: "Interrupted while sending (the server stopped): not sent again.",
          status: sql`case when ${waitlistOffers.status} = 'offered' then 'withdrawn' else ${waitlistOffers.status} end`,
        })
        .where(inArray(waitlistOffers.id, stranded));
      await publish(tx, "waitlist", null);
    }
    const fresh = due.filter((row) => row.claimedBy === "").map((row) => row.id);
    if (fresh.length === 0) return [];
    const leaseUntil = new Date(at.getTime() + LEASE_MS).toISOString();
    await tx
      .update(waitlistOffers)
      .set({ claimedBy: worker, nextAttemptAt: leaseUntil, attempts: sql`${waitlistOffers.attempts} + 1` })
      .where(inArray(waitlistOffers.id, fresh));
    return fresh.map((id) => ({ id, leaseUntil }));
  });
}

function stillHeld(claim: OfferClaim) {
  return and(
    eq(waitlistOffers.id, claim.id),
    eq(waitlistOffers.claimedBy, worker),
    eq(waitlistOffers.nextAttemptAt, claim.leaseUntil),
    eq(waitlistOffers.sendStatus, "sending"),
  );
}

/** The offer's text, in the salon's zone and clock. */
export function offerText(
  settings: Pick<SalonSettings, "salonName" | "timeZone" | "clockFormat">,
  offer: { serviceName: string; stylistName: string; start: string; holdUntil: string },
  link: string,
): string {
  const { appointmentDate, appointmentTime } = appointmentDateTime(
    offer.start,
    settings.timeZone,
    settings.clockFormat,
  );
  const until = appointmentDateTime(offer.holdUntil, settings.timeZone, settings.clockFormat).appointmentTime;
  const salon = settings.salonName.trim() || "The salon";
  return `${salon}: a place has opened for ${offer.serviceName} with ${publicStylistName(offer.stylistName)} on ${appointmentDate} at ${appointmentTime}. It is held for you until ${until}. Book it or say no: ${link}`;
}

async function sendOfferMessage(claim: OfferClaim, now: () => Date): Promise<"sent" | "failed"> {
  const settings = await readSettingsWithSecret({ fresh: true });
  const [row] = await db
    .select({
      offer: waitlistOffers,
      clientId: clients.id,
      phone: clients.phone,
      email: clients.email,
      serviceName: services.name,
      stylistName: stylists.name,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(clients, eq(clients.id, waitlistEntries.clientId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(stylists, eq(stylists.id, waitlistOffers.stylistId))
    .where(eq(waitlistOffers.id, claim.id))
    .limit(1);
  const settle = async (values: Partial<typeof waitlistOffers.$inferInsert>) => {
    await writeTransaction(async (tx) => {
      const [held] = await tx
        .update(waitlistOffers)
        .set({ ...values, nextAttemptAt: null })
        .where(stillHeld(claim))
        .returning({ entryId: waitlistOffers.entryId });
      if (held) await publish(tx, "waitlist", held.entryId);
    });
  };
  // Answered, withdrawn or run out before it went: nothing to send.
  if (!row || row.offer.status !== "offered" || row.offer.holdUntil <= now().toISOString()) {
    await settle({ sendStatus: "skipped" });
    return "failed";
  }
  const { offer } = row;
  const body = offerText(
    settings,
    { ...row, start: offer.startTime, holdUntil: offer.holdUntil },
    offerUrl(offer.id, offer.nonce),
  );
  let ok = false;
  let error: string | null = null;
  if (offer.channel === "sms") {
    const delivery = await sendLoggedText(
      settings,
      { clientId: row.clientId, appointmentId: null, phone: row.phone },
      body,
      "notice",
    );
    ok = delivery.status === "sent";
    error = delivery.error;
  } else if (offer.channel === "email" && row.email) {
    const subject = `${settings.salonName.trim() || "The salon"}: a place has opened for you`;
    const outcome = await sendEmail(settings, { to: row.email, subject, text: body });
    await logEmail(db, {
      clientId: row.clientId,
      appointmentId: null,
      to: row.email,
      subject,
      kind: "confirmation",
      outcome,
    });
    ok = outcome.ok;
    error = outcome.ok ? null : outcome.error;
  } else error = "The client has no way to be reached.";
  if (ok) await settle({ sendStatus: "sent", sentAt: now().toISOString() });
  // Not sent: the offer is withdrawn so the slot goes to the next client.
  else await settle({ sendStatus: "failed", error: (error ?? "Not sent").slice(0, 300), status: "withdrawn" });
  return ok ? "sent" : "failed";
}

// ---------------------------------------------------------------------------------------
// When passes run

let soon: ReturnType<typeof setTimeout> | null = null;
let running: Promise<unknown> | null = null;

/** Runs a pass shortly, once for a burst of changes in this process (the scheduler loop covers other processes). */
export function runWaitlistSoon(): void {
  if (process.env.WAITLIST_PASSES === "off" || soon) return;
  soon = setTimeout(() => {
    soon = null;
    running = (running ?? Promise.resolve())
      .then(() => runWaitlistOffers())
      .catch((error: unknown) =>
        console.error(
          `Waitlist pass failed: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`,
        ),
      );
  }, 50);
  soon.unref?.();
}

/** For tests: waits for a pass started by `runWaitlistSoon`. */
export async function waitlistSettled(): Promise<void> {
  while (soon || running) {
    if (soon) await new Promise((resolve) => setTimeout(resolve, 60));
    const current = running;
    await current;
    if (running === current) running = null;
  }
}
