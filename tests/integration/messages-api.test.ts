// Team messages' /api and page (SPEC §2, §7): sending, limits, paging, who may delete,
// escaping, the unread count, and the event each change publishes.
import { desc } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { events, messages, users } from "#db/schema";
import * as messageRoute from "~/routes/api.messages.$id";
import * as messagesRoute from "~/routes/api.messages._index";
import * as messagesPage from "~/routes/_app.messages";
import * as appLayout from "~/routes/_app";
import { call, createTestUser, json, makeRequest, signedIn, statusOf } from "../factories";
import { eq } from "drizzle-orm";

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let stylist: Actor;
let otherStylist: Actor;
let display: Actor;

beforeAll(async () => {
  admin = await signedIn("admin", { firstName: "Ada", lastName: "Owner" });
  stylist = await signedIn("stylist", { firstName: "Sofia", lastName: "Cutter" });
  otherStylist = await signedIn("stylist", { firstName: "Theo", lastName: "Trimmer" });
  display = await signedIn("display", { firstName: "Front", lastName: "Screen" });
});

beforeEach(async () => {
  await db.delete(messages);
});

const send = async (token: string, body: unknown) =>
  json(await call(messagesRoute.action, makeRequest("POST", "/api/messages", { token, body })));
const list = async (token: string, query = "") => {
  const response = (await call(
    messagesRoute.loader,
    makeRequest("GET", `/api/messages${query}`, { token }),
  )) as Response;
  return {
    ...(await json(response)),
    hasOlder: response.headers.get("X-Has-Older"),
    link: response.headers.get("Link"),
  };
};
const remove = async (token: string, id: number) =>
  json(await call(messageRoute.action, makeRequest("DELETE", `/api/messages/${id}`, { token }), { id: String(id) }));

describe("/api/messages", () => {
  it("every role sends; the answer names the sender and role; a 'messages' event is published", async () => {
    for (const actor of [admin, stylist, display]) {
      const sent = await send(actor.token, { content: `Hello from ${actor.user.role}` });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        content: `Hello from ${actor.user.role}`,
        sender: { name: `${actor.user.firstName} ${actor.user.lastName}`, role: actor.user.role },
      });
      const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
      expect(event).toMatchObject({ topic: "messages", entityId: sent.body.id });
    }
    expect((await send("", { content: "anonymous" })).status).toBe(401);
  });

  it("keeps line breaks, refuses blank and over-long content with a clear message", async () => {
    const multi = await send(stylist.token, { content: "\n\nLine one\n  indented two\n\n" });
    expect(multi.body.content).toBe("Line one\n  indented two");
    expect(await send(stylist.token, { content: " \n\t " })).toMatchObject({
      status: 400,
      body: { message: "Message cannot be empty" },
    });
    expect(await send(stylist.token, {})).toMatchObject({
      status: 400,
      body: { errors: { content: ["Message cannot be empty"] } },
    });
    expect(await send(stylist.token, { content: "x".repeat(2001) })).toMatchObject({
      status: 400,
      body: { message: "Message must be at most 2,000 characters" },
    });
    expect((await send(stylist.token, { content: "x".repeat(2000) })).status).toBe(201);
  });

  it("pages back with ?before=<id>&limit=, oldest first within a page", async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 7; n++) ids.push((await send(admin.token, { content: `m${n}` })).body.id);
    const newest = await list(stylist.token, "?limit=3");
    expect(newest.body.map((m: { content: string }) => m.content)).toEqual(["m5", "m6", "m7"]);
    expect(newest.hasOlder).toBe("true");
    expect(newest.link).toBe(`</api/messages?limit=3&before=${ids[4]}>; rel="next"`);
    const older = await list(stylist.token, `?limit=3&before=${ids[4]}`);
    expect(older.body.map((m: { content: string }) => m.content)).toEqual(["m2", "m3", "m4"]);
    const oldest = await list(stylist.token, `?limit=3&before=${ids[1]}`);
    expect(oldest.body.map((m: { content: string }) => m.content)).toEqual(["m1"]);
    expect(oldest.hasOlder).toBe("false");
    expect(oldest.link).toBeNull();
    expect((await list(stylist.token, "?limit=0")).status).toBe(400);
    expect((await list(stylist.token, "?limit=201")).status).toBe(400);
    expect((await list(stylist.token, "?before=abc")).status).toBe(400);
    expect((await list("")).status).toBe(401);
  });

  it("the sender or an admin deletes; another stylist or the display account cannot (403); gone is 404", async () => {
    const mine = (await send(stylist.token, { content: "mine" })).body.id;
    expect(await remove(otherStylist.token, mine)).toMatchObject({
      status: 403,
      body: { message: "Only the sender or an administrator can delete a message." },
    });
    expect((await remove(display.token, mine)).status).toBe(403);
    expect((await remove(stylist.token, mine)).status).toBe(200);
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: "messages", entityId: mine });
    expect((await remove(stylist.token, mine)).status).toBe(404);
    const theirs = (await send(otherStylist.token, { content: "theirs" })).body.id;
    expect((await remove(admin.token, theirs)).status).toBe(200);
    const displays = (await send(display.token, { content: "from the front desk" })).body.id;
    expect((await remove(display.token, displays)).status).toBe(200);
  });

  it("a message whose sender was deleted shows as Unknown with no role", async () => {
    const leaver = await createTestUser("stylist");
    await db.insert(messages).values({ content: "bye", senderUserId: leaver.id });
    await db.delete(users).where(eq(users.id, leaver.id));
    const listed = await list(admin.token);
    expect(listed.body).toEqual([expect.objectContaining({ content: "bye", sender: null, senderId: null })]);
  });
});

describe("the Messages page", () => {
  type Loaded = {
    days: {
      heading: string;
      messages: {
        content: string;
        name: string;
        initial: string;
        role: { label: string; tone: string };
        canDelete: boolean;
        time: string;
      }[];
    }[];
  };
  const load = async (actor: Actor, query = "") => {
    const result = (await call(
      messagesPage.loader,
      makeRequest("GET", `/messages${query}`, { cookie: actor.cookie }),
    )) as { data: Loaded; init: { headers: Headers } };
    return result;
  };

  it("groups by day, words the sender, role badge and time, and only offers delete to the sender or an admin", async () => {
    await db.insert(messages).values([
      { content: "<script>alert(1)</script>", senderUserId: stylist.user.id, createdAt: "2026-01-05T10:00:00.000Z" },
      { content: "Cover for me?\nRunning late", senderUserId: admin.user.id, createdAt: "2026-01-06T09:30:00.000Z" },
      { content: "On it", senderUserId: display.user.id, createdAt: "2026-01-06T09:45:00.000Z" },
    ]);
    const { data } = await load(stylist);
    expect(data.days.map((day) => day.heading)).toEqual(["Monday, January 5, 2026", "Tuesday, January 6, 2026"]);
    const [script] = data.days[0]!.messages;
    // Stored and handed to React as text: rendering escapes it.
    expect(script).toMatchObject({
      content: "<script>alert(1)</script>",
      name: "Sofia Cutter",
      initial: "S",
      role: { label: "Stylist", tone: "blue" },
      canDelete: true,
      time: "Jan 5",
    });
    expect(data.days[1]!.messages.map((m) => [m.content, m.role, m.canDelete])).toEqual([
      ["Cover for me?\nRunning late", { label: "Admin", tone: "red" }, false],
      ["On it", { label: "Display", tone: "neutral" }, false],
    ]);
    expect((await load(admin)).data.days.flatMap((day) => day.messages.map((m) => m.canDelete))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("sends with a notice, refuses blank content with a form error, and deleting someone else's message is refused", async () => {
    const sent = await call(
      messagesPage.action,
      makeRequest("POST", "/messages", {
        cookie: display.cookie,
        form: { intent: "send", content: "Delivery is here" },
      }),
    );
    expect(statusOf(sent)).toBe(302);
    const blank = await call(
      messagesPage.action,
      makeRequest("POST", "/messages", { cookie: display.cookie, form: { intent: "send", content: "   " } }),
    );
    expect(statusOf(blank)).toBe(400);
    const [message] = await db.select().from(messages);
    const refused = await call(
      messagesPage.action,
      makeRequest("POST", "/messages", {
        cookie: stylist.cookie,
        form: { intent: "delete", messageId: String(message!.id) },
      }),
    );
    expect(statusOf(refused)).toBe(403);
    const deleted = await call(
      messagesPage.action,
      makeRequest("POST", "/messages", {
        cookie: admin.cookie,
        form: { intent: "delete", messageId: String(message!.id) },
      }),
    );
    expect(statusOf(deleted)).toBe(302);
    expect(await db.select().from(messages)).toEqual([]);
  });

  it("the Messages menu entry counts others' messages since this device last showed the screen", async () => {
    const shell = async (actor: Actor, cookie: string, path = "/calendar") =>
      (await call(appLayout.loader, makeRequest("GET", path, { cookie: `${actor.cookie}; ${cookie}` }))) as {
        unreadMessages: number;
      };
    await send(admin.token, { content: "one" });
    await send(stylist.token, { content: "my own" });
    expect((await shell(stylist, "")).unreadMessages).toBe(1);
    const opened = await load(stylist);
    const seen = opened.init.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(seen).toMatch(/^messages_seen=/);
    expect((await shell(stylist, seen)).unreadMessages).toBe(0);
    await send(admin.token, { content: "two" });
    await send(display.token, { content: "three" });
    expect((await shell(stylist, seen)).unreadMessages).toBe(2);
    expect((await shell(stylist, seen, "/messages")).unreadMessages).toBe(0);
  });
});
