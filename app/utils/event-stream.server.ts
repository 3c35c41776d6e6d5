// The `/api/events` stream. Hand-written rather than remix-utils' eventStream because
// that helper sends no `id:` lines (so no Last-Event-ID resume), no comment heartbeats
// and no `no-transform` cache directive.
import { eventsSince, latestEventId, subscribe, type ChangeEvent } from "~/domain/events.server";

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2_000;

function frame(event: ChangeEvent, redactIds: boolean): string {
  return `id: ${event.id}\nevent: ${event.topic}\ndata: ${JSON.stringify({ topic: event.topic, id: redactIds ? null : event.entityId })}\n\n`;
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
  let cleanup = () => {};
  // A client can go away while `start` still awaits the change feed's position, before
  // `cleanup` exists: `start` then stops there instead of writing to the cancelled stream
  // and leaving a heartbeat behind.
  let cancelled = false;

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      // Without Last-Event-ID the stream starts now; the cursor is read before
      // subscribing so that the replay below covers any event in between.
      const from = resumeAfter ?? (await latestEventId());
      let lastSent = from;
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
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
      if (cancelled || request.signal.aborted) return cleanup();

      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      for (const event of await eventsSince(from)) sendEvent(event);
      const pending = buffer;
      buffer = null;
      for (const event of pending) sendEvent(event);
      if (request.signal.aborted) cleanup();
    },
    cancel() {
      cancelled = true;
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
