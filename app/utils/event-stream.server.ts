// The `/api/events` stream. Hand-written rather than remix-utils' eventStream because
// that helper sends no `id:` lines (so no Last-Event-ID resume), no comment heartbeats
// and no `no-transform` cache directive.
import { latestEventId, replayFrom, subscribe, type ChangeEvent } from "~/domain/events.server";

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2_000;

function frame(event: ChangeEvent, redactIds: boolean): string {
  return `id: ${event.id}\nevent: ${event.topic}\ndata: ${JSON.stringify({ topic: event.topic, id: redactIds ? null : event.entityId })}\n\n`;
}

/**
 * Sent instead of a replay that cannot be complete (too many changes missed, or some
 * pruned): the page reloads all its data. Its id is the feed's position, so a later
 * resume starts from there.
 */
function reloadFrame(latest: number): string {
  return `id: ${latest}\nevent: reload\ndata: ${JSON.stringify({ topic: "reload", id: null })}\n\n`;
}

function resumeFrom(request: Request): number | null {
  const raw = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId");
  const id = Number(raw);
  return raw !== null && Number.isSafeInteger(id) && id >= 0 ? id : null;
}

/**
 * With `redactIds` (users who see only their own column), events carry their topic but
 * not the id of what changed: another stylist's appointment ids are not theirs to learn.
 * Screens only need the topic to know what to reload.
 */
export function changeEventStream(request: Request, options: { redactIds: boolean }): Response {
  const encoder = new TextEncoder();
  const resumeAfter = resumeFrom(request);
  // The client may go away during any await of start(): from then on nothing is written
  // (enqueueing on a cancelled stream throws) and start() returns quietly.
  let closed = false;
  let cleanup = () => {
    closed = true;
  };

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Without Last-Event-ID the stream starts now; the cursor is read before
      // subscribing so that the replay below covers any event in between.
      const from = resumeAfter ?? (await latestEventId());
      if (closed || request.signal.aborted) return;
      let lastSent = from;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const sendEvent = (event: ChangeEvent) => {
        if (event.id <= lastSent) return;
        lastSent = event.id;
        write(frame(event, options.redactIds));
      };

      // Subscribe before replaying so nothing committed in between is missed; the
      // buffer holds live events until the replay has been sent.
      let buffer: ChangeEvent[] | null = [];
      const unsubscribe = subscribe((event) => (buffer ? buffer.push(event) : sendEvent(event)), from);
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", cleanup);
      if (request.signal.aborted) return cleanup();

      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const replay = await replayFrom(from);
      if (closed) return;
      if (replay.complete) {
        for (const event of replay.events) sendEvent(event);
      } else {
        lastSent = replay.latest;
        write(reloadFrame(replay.latest));
      }
      const pending = buffer;
      buffer = null;
      for (const event of pending) sendEvent(event);
      if (request.signal.aborted) cleanup();
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
