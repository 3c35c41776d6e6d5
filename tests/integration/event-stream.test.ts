// The `/api/events` stream when the client goes away while the stream is still starting
// (reading the change feed's position): nothing is written to the cancelled stream, and no
// heartbeat is left behind to throw 15 seconds later.
import { afterEach, expect, it, vi } from "vitest";
import { changeEventStream } from "~/utils/event-stream.server";

afterEach(() => {
  vi.useRealTimers();
});

it("a stream cancelled before it has started writes nothing and leaves no heartbeat", async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  const controller = new AbortController();
  const response = changeEventStream(new Request("http://localhost/api/events", { signal: controller.signal }), {
    redactIds: false,
  });
  controller.abort();
  await response.body!.cancel();
  // Let the stream's start finish its reads of the change feed.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(vi.getTimerCount()).toBe(0);
  expect(() => vi.advanceTimersByTime(60_000)).not.toThrow();
});
