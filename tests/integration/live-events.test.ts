import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import * as eventsRoute from "~/routes/api.events";
import { events } from "#db/schema";
import { latestEventId, listenerCount, publish, REPLAY_LIMIT } from "~/domain/events.server";
import { call, makeRequest, signedIn } from "../factories";
import {
  MISSING_BUILD,
  requirePrerequisite,
  skipUnless,
  startServer,
  waitForEvent,
  type RunningServer,
} from "../server-process";

describe("GET /api/events", () => {
  it("streams change events with ids and no-transform caching", async () => {
    const { token } = await signedIn("display");
    const response = (await call(eventsRoute.loader, makeRequest("GET", "/api/events", { token }))) as Response;
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    setTimeout(() => void publish(db, "appointments", 42), 50);
    const event = await waitForEvent(response, (e) => e.event === "appointments");
    expect(JSON.parse(event.data!)).toEqual({ topic: "appointments", id: 42 });
    expect(Number(event.id)).toBeGreaterThan(0);
  });

  it("replays what was missed after Last-Event-ID", async () => {
    const { token } = await signedIn("stylist");
    const before = await latestEventId();
    await publish(db, "messages", 1);
    await publish(db, "shopping", 2);
    const response = (await call(
      eventsRoute.loader,
      makeRequest("GET", "/api/events", { token, headers: { "Last-Event-ID": String(before) } }),
    )) as Response;
    const seen: string[] = [];
    await waitForEvent(response, (e) => {
      if (e.event) seen.push(e.event);
      return e.event === "shopping";
    });
    expect(seen).toEqual(["messages", "shopping"]);
  });
});

describe("a stream resumed after a long gap", () => {
  const addEvents = async (count: number) => {
    for (let done = 0; done < count; done += 200) {
      await db.insert(events).values(
        Array.from({ length: Math.min(200, count - done) }, (_, i) => ({
          topic: "appointments",
          entityId: done + i,
        })),
      );
    }
  };

  it("after 1,200 changes sends one reload event at the feed's position, then live events", async () => {
    const { token } = await signedIn("admin");
    const before = await latestEventId();
    await addEvents(1_200);
    const latest = await latestEventId();
    expect(latest - before).toBeGreaterThan(REPLAY_LIMIT);
    const response = (await call(
      eventsRoute.loader,
      makeRequest("GET", "/api/events", { token, headers: { "Last-Event-ID": String(before) } }),
    )) as Response;
    const seen: Array<{ id?: string; event?: string; data?: string }> = [];
    setTimeout(() => void publish(db, "clients", 7), 100);
    await waitForEvent(response, (e) => {
      if (e.event) seen.push(e);
      return e.event === "clients";
    });
    expect(seen.map((e) => e.event)).toEqual(["reload", "clients"]);
    expect(seen[0]).toEqual({
      id: String(latest),
      event: "reload",
      data: JSON.stringify({ topic: "reload", id: null }),
    });
  });

  it("replays a gap of exactly the replay limit event by event", async () => {
    const { token } = await signedIn("admin");
    const before = await latestEventId();
    await addEvents(REPLAY_LIMIT);
    const response = (await call(
      eventsRoute.loader,
      makeRequest("GET", "/api/events", { token, headers: { "Last-Event-ID": String(before) } }),
    )) as Response;
    let count = 0;
    await waitForEvent(response, (e) => {
      if (e.event === "reload") throw new Error("no reload expected");
      if (e.event === "appointments") count += 1;
      return count === REPLAY_LIMIT;
    });
    expect(count).toBe(REPLAY_LIMIT);
  });

  it("sends reload when the resumed position is ahead of the feed (a replaced database)", async () => {
    const { token } = await signedIn("admin");
    const latest = await latestEventId();
    const response = (await call(
      eventsRoute.loader,
      makeRequest("GET", `/api/events?lastEventId=${latest + 1000}`, { token }),
    )) as Response;
    const event = await waitForEvent(response, (e) => e.event !== undefined);
    expect(event).toMatchObject({ event: "reload", id: String(latest) });
  });

  it("a client that goes away while the stream starts leaves nothing subscribed", async () => {
    const { token } = await signedIn("admin");
    const before = listenerCount();
    const response = (await call(eventsRoute.loader, makeRequest("GET", "/api/events", { token }))) as Response;
    await response.body!.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listenerCount()).toBe(before);
  });
});

describe.skipIf(skipUnless(MISSING_BUILD, "live events across server processes"))(
  "events across server processes",
  () => {
    beforeAll(() => requirePrerequisite(MISSING_BUILD));
    const servers: RunningServer[] = [];
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
    });

    it("an event written by one process reaches a stream served by another on the same database", async () => {
      const dir = mkdtempSync(join(tmpdir(), "salon-two-servers-"));
      const env = { DATABASE_URL: `file:${join(dir, "salon.db")}`, SESSION_SECRET: "two-servers-secret-0123456789" };
      const first = await startServer("node", ["server.js"], env);
      servers.push(first);
      const second = await startServer("node", ["server.js"], env);
      servers.push(second);

      const setup = await fetch(`${first.url}/api/setup-admin`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: "owner@salon.test",
          password: "secret-pass-1",
          firstName: "Olive",
          lastName: "Owner",
        }),
      });
      const { token } = (await setup.json()) as { token: string };

      const stream = await fetch(`${second.url}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
      expect(stream.status).toBe(200);
      const arrived = waitForEvent(stream, (e) => e.event === "users");
      const sentAt = performance.now();
      const created = await fetch(`${first.url}/api/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          email: "sam@salon.test",
          password: "secret-pass-1",
          firstName: "Sam",
          lastName: "Shears",
        }),
      });
      expect(created.status).toBe(201);
      const event = await arrived;
      // The budget (1 s) is measured by bench/live-latency.ts; tests do not assert time.
      console.info(`cross-process event latency: ${Math.round(performance.now() - sentAt)} ms`);
      expect(JSON.parse(event.data!)).toMatchObject({
        topic: "users",
        id: ((await created.json()) as { id: number }).id,
      });
    });
  },
);
