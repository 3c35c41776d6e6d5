// Live updates. Writers append a row to the events table (in their own transaction, so
// an event exists only if the change committed); each server process tails the table
// and fans new rows out to the streams it holds open. Processes sharing one database
// therefore see each other's changes.
import { and, gt, lt, asc, max, min } from "drizzle-orm";
import { db, type Executor } from "#db/client.server";
import { events } from "#db/schema";

export const EVENT_TOPICS = [
  "appointments",
  "clients",
  "services",
  "pricing",
  "availability",
  "shopping",
  "messages",
  "users",
  "settings",
  "sales",
  "waitlist",
] as const;
type EventTopic = (typeof EVENT_TOPICS)[number];
export type ChangeEvent = { id: number; topic: string; entityId: number | null };
type Listener = (event: ChangeEvent) => void;

const POLL_INTERVAL_MS = 200;
const RETENTION_MS = 24 * 60 * 60 * 1000;

export async function publish(executor: Executor, topic: EventTopic, entityId: number | null = null): Promise<void> {
  await executor.insert(events).values({ topic, entityId });
  if (executor === db) tail.pollSoon();
}

/** The most events a resumed stream replays; a longer gap is one `reload` event instead. */
export const REPLAY_LIMIT = 500;

/** Events after `afterId`, oldest first: the replay for a stream resumed with Last-Event-ID. */
function eventsSince(afterId: number, limit = REPLAY_LIMIT): Promise<ChangeEvent[]> {
  return db
    .select({ id: events.id, topic: events.topic, entityId: events.entityId })
    .from(events)
    .where(gt(events.id, afterId))
    .orderBy(asc(events.id))
    .limit(limit);
}

/**
 * Whether a stream resumed after `afterId` can be replayed event by event: not when more
 * than REPLAY_LIMIT events followed it, nor when some that followed it were pruned (kept
 * 24 hours), nor when it is ahead of the feed (a database restored or replaced).
 */
export async function replayFrom(
  afterId: number,
): Promise<{ events: ChangeEvent[]; complete: true } | { latest: number; complete: false }> {
  const [bounds] = await db.select({ oldest: min(events.id), latest: max(events.id) }).from(events);
  const oldest = bounds?.oldest ?? null;
  const latest = bounds?.latest ?? 0;
  const pruned = oldest !== null && afterId < oldest - 1;
  if (!pruned && afterId <= latest) {
    const missed = await eventsSince(afterId, REPLAY_LIMIT + 1);
    if (missed.length <= REPLAY_LIMIT) return { events: missed, complete: true };
  }
  return { latest, complete: false };
}

export async function latestEventId(): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return row?.id ?? 0;
}

class EventTail {
  private listeners = new Set<Listener>();
  private lastId: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private polling = false;
  private lastPrune = 0;

  /** `fromId`: the subscriber has seen everything up to this id (or will replay it itself). */
  subscribe(listener: Listener, fromId: number): () => void {
    this.lastId ??= fromId;
    this.listeners.add(listener);
    this.schedule();
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount() {
    return this.listeners.size;
  }

  pollSoon() {
    if (this.listeners.size === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), 0);
  }

  private schedule() {
    if (this.timer || this.listeners.size === 0) return;
    this.timer = setTimeout(() => void this.poll(), POLL_INTERVAL_MS);
  }

  private async poll() {
    this.timer = null;
    if (this.listeners.size === 0) {
      // Nobody is listening: forget the cursor, so the next stream does not wade through history.
      this.lastId = null;
      return;
    }
    if (this.polling) return this.schedule();
    this.polling = true;
    try {
      if (this.lastId === null) this.lastId = await latestEventId();
      let batch: ChangeEvent[];
      do {
        batch = await eventsSince(this.lastId);
        for (const event of batch) {
          this.lastId = event.id;
          for (const listener of this.listeners) listener(event);
        }
      } while (batch.length === REPLAY_LIMIT);
      await this.pruneOccasionally();
    } catch (error) {
      console.error("event tail failed", error);
    } finally {
      this.polling = false;
      this.schedule();
    }
  }

  private async pruneOccasionally() {
    const now = Date.now();
    if (now - this.lastPrune < 60 * 60 * 1000) return;
    this.lastPrune = now;
    const cutoff = new Date(now - RETENTION_MS).toISOString();
    await db.delete(events).where(and(lt(events.createdAt, cutoff), lt(events.id, this.lastId ?? 0)));
  }
}

const globalStore = globalThis as unknown as { __salonEventTail?: EventTail };
const tail = (globalStore.__salonEventTail ??= new EventTail());

/** How many streams this process is feeding (tests check a closed stream leaves none behind). */
export function listenerCount(): number {
  return tail.listenerCount;
}

export function subscribe(listener: Listener, fromId: number): () => void {
  return tail.subscribe(listener, fromId);
}
