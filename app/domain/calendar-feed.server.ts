// A stylist's calendar on their own phone: a secret subscription link
// (`/feeds/{token}.ics`) serving their appointments as iCalendar (RFC 5545). The token is
// stored hashed like a session token; issuing a new one replaces the old at once. What
// leaves the salon is the service and the client's first name: no phone, e-mail or notes.
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { appointments, auditLog, calendarFeeds, clients, services, stylists } from "#db/schema";
import { serializeCalendar, type CalendarEvent } from "~/lib/icalendar";
import { isTokenShaped, newToken, sha256 } from "~/lib/secret-token.server";
import type { Actor } from "./access.server";
import { Forbidden, NotFound, TooManyRequests } from "./errors";
import { can } from "./permissions";
import { getGlobalSettings } from "./settings.server";
import { listVisibleStylists, resolveManagedStylist, STYLIST_NOT_FOUND, type StylistSummary } from "./stylists.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The feed holds appointments starting from this many days back... */
export const FEED_DAYS_BACK = 30;
/** ...to this many days ahead. */
export const FEED_DAYS_AHEAD = 90;
/** Fetches of one link allowed per window; calendar apps poll every 15 minutes or less often. */
export const FEED_REQUESTS_PER_WINDOW = 30;
const FEED_WINDOW_MS = 10 * 60 * 1000;
const FEED_RATE_LIMITED = "Too many requests for this calendar feed. Try again later.";
/** Shown for a blocked slot: its notes stay in the salon. */
const BLOCKED_SUMMARY = "Unavailable";

export type FeedStatus = { stylist: StylistSummary; active: boolean; createdAt: string | null };

async function managedStylist(actor: Actor, stylistId: number, executor: Executor = db): Promise<StylistSummary> {
  const stylist = await resolveManagedStylist(actor, "calendar.feed", stylistId, executor);
  if (!stylist) throw new NotFound(STYLIST_NOT_FOUND);
  return stylist;
}

type FeedScreen = {
  chooser: boolean;
  stylists: { id: number; name: string }[];
  selected: { id: number; name: string } | null;
  status: { active: boolean; createdOn: string | null } | null;
};

/**
 * What Settings → Account shows of the links: an admin chooses any active stylist
 * (`requestedId`), a stylist sees their own. Null for an account without links to manage
 * (display accounts, a stylist account without a stylist profile).
 */
export async function calendarFeedScreen(actor: Actor, requestedId: number | null): Promise<FeedScreen | null> {
  if (!can(actor.role, "calendar.feed")) return null;
  const chooser = can(actor.role, "stylists.viewAll");
  let selected: StylistSummary | null;
  try {
    selected = await resolveManagedStylist(actor, "calendar.feed", chooser ? requestedId : null);
  } catch (error) {
    if (error instanceof Forbidden) return null;
    throw error;
  }
  const stylists = chooser ? await listVisibleStylists(actor) : [];
  const pick = ({ id, name }: { id: number; name: string }) => ({ id, name });
  if (!selected) return { chooser, stylists: stylists.map(pick), selected: null, status: null };
  const { active, createdAt } = await calendarFeedStatus(actor, selected.id);
  const { timeZone } = await getGlobalSettings();
  const createdOn = createdAt
    ? new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(createdAt))
    : null;
  return { chooser, stylists: stylists.map(pick), selected: pick(selected), status: { active, createdOn } };
}

/** Whether the stylist has a link (its token cannot be shown again: only its hash is kept). */
export async function calendarFeedStatus(actor: Actor, stylistId: number): Promise<FeedStatus> {
  const stylist = await managedStylist(actor, stylistId);
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.stylistId, stylistId))
    .limit(1);
  return { stylist, active: Boolean(row), createdAt: row?.createdAt ?? null };
}

/** Creates the stylist's link, or replaces it (the old link stops working at once). Returns the new secret token. */
export async function issueCalendarFeed(actor: Actor, stylistId: number): Promise<{ token: string; reset: boolean }> {
  const token = newToken();
  const tokenHash = await sha256(token);
  return writeTransaction(async (tx) => {
    await managedStylist(actor, stylistId, tx);
    const [existing] = await tx
      .select({ stylistId: calendarFeeds.stylistId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.stylistId, stylistId))
      .limit(1);
    const fresh = {
      tokenHash,
      createdByUserId: actor.id,
      createdAt: new Date().toISOString(),
      windowStartedAt: null,
      windowCount: 0,
    };
    await tx
      .insert(calendarFeeds)
      .values({ stylistId, ...fresh })
      .onConflictDoUpdate({ target: calendarFeeds.stylistId, set: fresh });
    const reset = Boolean(existing);
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      action: reset ? "calendar_feed.reset" : "calendar_feed.create",
      entityType: "stylist",
      entityId: stylistId,
    });
    return { token, reset };
  });
}

/** Turns the stylist's link off; `wasOn` is false when there was none. */
export async function turnOffCalendarFeed(actor: Actor, stylistId: number): Promise<{ wasOn: boolean }> {
  return writeTransaction(async (tx) => {
    await managedStylist(actor, stylistId, tx);
    const removed = await tx
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.stylistId, stylistId))
      .returning({ stylistId: calendarFeeds.stylistId });
    if (removed.length > 0)
      await tx.insert(auditLog).values({
        actorUserId: actor.id,
        action: "calendar_feed.turn_off",
        entityType: "stylist",
        entityId: stylistId,
      });
    return { wasOn: removed.length > 0 };
  });
}

/**
 * Counts a fetch of the link whose token hashes to `tokenHash` in its current window, in one
 * statement (so server processes sharing the database share the count). Returns the stylist,
 * or null for a token that is not (or no longer) a link.
 */
async function countFetch(tokenHash: string, now: Date): Promise<number | null> {
  const cutoff = new Date(now.getTime() - FEED_WINDOW_MS).toISOString();
  const inWindow = sql`${calendarFeeds.windowStartedAt} IS NOT NULL AND ${calendarFeeds.windowStartedAt} > ${cutoff}`;
  const [row] = await db
    .update(calendarFeeds)
    .set({
      windowCount: sql`CASE WHEN ${inWindow} THEN ${calendarFeeds.windowCount} + 1 ELSE 1 END`,
      windowStartedAt: sql`CASE WHEN ${inWindow} THEN ${calendarFeeds.windowStartedAt} ELSE ${now.toISOString()} END`,
    })
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .returning({
      stylistId: calendarFeeds.stylistId,
      windowCount: calendarFeeds.windowCount,
      windowStartedAt: calendarFeeds.windowStartedAt,
    });
  if (!row) return null;
  if (row.windowCount > FEED_REQUESTS_PER_WINDOW) {
    const endsAt = Date.parse(row.windowStartedAt ?? now.toISOString()) + FEED_WINDOW_MS;
    throw new TooManyRequests(FEED_RATE_LIMITED, Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
  }
  return row.stylistId;
}

function firstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

function summaryOf(row: { status: string; serviceName: string | null; clientName: string | null }): string {
  if (row.status === "blocked") return BLOCKED_SUMMARY;
  const parts = [row.serviceName ?? "Appointment", firstName(row.clientName)].filter(Boolean);
  return parts.join(" – ");
}

type EventSource = {
  id: number;
  startTime: string;
  endTime: string;
  status: string;
  revision: number;
  createdAt: string;
  updatedAt: string;
};

/**
 * One appointment as an iCalendar event: the stylists' feed and the clients' e-mail
 * invitations share it, so an appointment has one UID (`appointment-{id}@{uidDomain}`)
 * and its revision as SEQUENCE everywhere, and calendar apps update the event they have.
 */
export function appointmentEvent(
  row: EventSource,
  uidDomain: string,
  details: Pick<CalendarEvent, "summary"> & Partial<CalendarEvent>,
): CalendarEvent {
  const cancelled = row.status === "cancelled";
  return {
    uid: `appointment-${row.id}@${uidDomain}`,
    start: new Date(row.startTime),
    end: new Date(row.endTime),
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    transparency: cancelled ? "TRANSPARENT" : "OPAQUE",
    sequence: row.revision,
    created: new Date(row.createdAt),
    lastModified: new Date(row.updatedAt),
    ...details,
  };
}

/**
 * The iCalendar text of the link with this token, or null when there is no such link
 * (an unknown, reset or turned-off token, or a retired stylist). `uidDomain` makes the
 * events' UIDs globally unique: the host the subscription points at.
 */
export async function calendarFeedFor(
  token: string,
  options: { uidDomain: string; now?: Date },
): Promise<string | null> {
  if (!isTokenShaped(token)) return null;
  const now = options.now ?? new Date();
  const stylistId = await countFetch(await sha256(token), now);
  if (stylistId === null) return null;
  const [stylist] = await db
    .select({ name: stylists.name })
    .from(stylists)
    .where(and(eq(stylists.id, stylistId), eq(stylists.isActive, true)))
    .limit(1);
  if (!stylist) return null;
  const from = new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS).toISOString();
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS).toISOString();
  const rows = await db
    .select({
      id: appointments.id,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      status: appointments.status,
      revision: appointments.revision,
      createdAt: appointments.createdAt,
      updatedAt: appointments.updatedAt,
      serviceName: services.name,
      clientName: clients.name,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(eq(appointments.stylistId, stylistId), gte(appointments.startTime, from), lt(appointments.startTime, to)),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.id));
  const { salonName, timeZone } = await getGlobalSettings();
  const events = rows.map((row) => appointmentEvent(row, options.uidDomain, { summary: summaryOf(row) }));
  return serializeCalendar({
    productId: "-//Salon Management System//Calendar feed//EN",
    name: `${salonName}: ${stylist.name}`,
    timeZone,
    refreshInterval: "PT1H",
    events,
  });
}
