// The salon's side of online booking: the settings and their API, the service and stylist
// switches, the Requests list with Accept and Decline (and who may answer), the rule that
// staff never set "requested" by hand, and the reports' share of online bookings.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointmentHistory, appointments, clientNotices, services, smsLog, stylists } from "#db/schema";
import { noticesSettled, sendClientNotices } from "~/domain/client-notices.server";
import { countRequests } from "~/domain/online-requests.server";
import { saveSalonSettings } from "~/domain/settings.server";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentList from "~/routes/api.appointments._index";
import * as answerRoute from "~/routes/api.online-requests.$id.$answer";
import * as requestList from "~/routes/api.online-requests._index";
import * as reportsRoute from "~/routes/api.reports._index";
import * as salonSettingsRoute from "~/routes/api.salon-settings._index";
import * as serviceById from "~/routes/api.services.$id";
import * as serviceList from "~/routes/api.services._index";
import * as stylistOnline from "~/routes/api.stylists.$id.online-booking";
import { createClient, createService } from "../calendar-factories";
import { pinClock } from "../clock";
import { call, createTestUser, json, makeRequest, signedIn } from "../factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { configureSms } from "../sms-factories";
import { signedInStylist } from "../services-factories";

// Wednesday 25 November 2026, 10:30 in London; the requests are for the days after.
pinClock("2026-11-25T10:30:00.000Z");

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;
let display: Session;
let fake: FakeProviders;

beforeAll(async () => {
  admin = await signedIn("admin");
  display = await signedIn("display");
  fake = await startFakeProviders();
  fake.useForAll();
  process.env.SMS_RETRY_BASE_MS = "1";
});
afterAll(async () => {
  await noticesSettled();
  await fake.close();
});

const post = (route: { action: unknown }, path: string, token: string, body?: unknown, params = {}, method = "POST") =>
  call(route.action as never, makeRequest(method, path, { token, body }), params).then(json);
const get = (route: { loader: unknown }, path: string, token: string, params = {}) =>
  call(route.loader as never, makeRequest("GET", path, { token }), params).then(json);

describe("online booking settings", () => {
  it("starts off with the issue's defaults and saves the fields given", async () => {
    const before = await get(salonSettingsRoute, "/api/salon-settings", admin.token);
    expect(before.body).toMatchObject({
      onlineBookingEnabled: false,
      onlineLeadTimeHours: 2,
      onlineApproval: false,
      onlineNewClients: true,
      onlinePolicyText: "",
    });
    const saved = await post(salonSettingsRoute, "/api/salon-settings", admin.token, {
      onlineBookingEnabled: true,
      onlineLeadTimeHours: 0,
      onlinePolicyText: "  A deposit may be asked for colour.  ",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      onlineBookingEnabled: true,
      onlineLeadTimeHours: 0,
      onlineApproval: false,
      onlineNewClients: true,
      onlinePolicyText: "A deposit may be asked for colour.",
    });
    // A save of other settings keeps the online ones.
    const other = await post(salonSettingsRoute, "/api/salon-settings", admin.token, { salonName: "Willow & Shear" });
    expect(other.body).toMatchObject({ onlineBookingEnabled: true, onlineLeadTimeHours: 0 });
  });

  it("refuses a lead time outside 0-168 hours, a policy over 1,000 characters and a non-boolean switch", async () => {
    for (const [body, field] of [
      [{ onlineLeadTimeHours: 169 }, "onlineLeadTimeHours"],
      [{ onlineLeadTimeHours: -1 }, "onlineLeadTimeHours"],
      [{ onlineLeadTimeHours: 1.5 }, "onlineLeadTimeHours"],
      [{ onlinePolicyText: "x".repeat(1001) }, "onlinePolicyText"],
      [{ onlinePolicyText: "bad\u0000text" }, "onlinePolicyText"],
      [{ onlineApproval: "yes" }, "onlineApproval"],
    ] as const) {
      const refused = await post(salonSettingsRoute, "/api/salon-settings", admin.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})).toContain(field);
    }
    const kept = await post(salonSettingsRoute, "/api/salon-settings", admin.token, {
      onlineLeadTimeHours: 168,
      onlinePolicyText: "x".repeat(1000),
    });
    expect(kept.status).toBe(200);
  });

  it("is for administrators only", async () => {
    const stylist = await signedIn("stylist");
    for (const token of [stylist.token, display.token]) {
      expect(
        (await post(salonSettingsRoute, "/api/salon-settings", token, { onlineBookingEnabled: true })).status,
      ).toBe(403);
    }
  });
});

describe("services: bookable online and buffer", () => {
  it("defaults to bookable with no buffer, saves both, keeps them on a PUT or PATCH without them", async () => {
    const created = await post(serviceList, "/api/services", admin.token, {
      name: "Online Cut",
      category: "Hair",
      duration: 45,
      price: 3000,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ onlineBookable: true, bufferMinutes: 0 });
    const id = created.body.id as number;
    const path = `/api/services/${id}`;
    const put = await post(
      serviceById,
      path,
      admin.token,
      { name: "Online Cut", category: "Hair", duration: 45, price: 3000, onlineBookable: false, bufferMinutes: 15 },
      { id: String(id) },
      "PUT",
    );
    expect(put.body).toMatchObject({ onlineBookable: false, bufferMinutes: 15 });
    const patched = await post(serviceById, path, admin.token, { duration: 60 }, { id: String(id) }, "PATCH");
    expect(patched.body).toMatchObject({ duration: 60, onlineBookable: false, bufferMinutes: 15 });
    const putWithout = await post(
      serviceById,
      path,
      admin.token,
      { name: "Online Cut", category: "Hair", duration: 60, price: 3000 },
      { id: String(id) },
      "PUT",
    );
    expect(putWithout.body).toMatchObject({ onlineBookable: false, bufferMinutes: 15 });
    const listed = await get(serviceList, "/api/services", admin.token);
    expect(listed.body.find((service: { id: number }) => service.id === id)).toMatchObject({ bufferMinutes: 15 });
  });

  it("refuses a buffer outside 0-120 minutes", async () => {
    for (const bufferMinutes of [-5, 121, 7.5, "10"]) {
      const refused = await post(serviceList, "/api/services", admin.token, {
        name: `Buffer ${String(bufferMinutes)}`,
        category: "Hair",
        duration: 30,
        price: 1000,
        bufferMinutes,
      });
      expect(refused.status, String(bufferMinutes)).toBe(400);
    }
  });
});

describe("PUT /api/stylists/{id}/online-booking", () => {
  it("lets an administrator switch a stylist off and on; stylists and display accounts are refused", async () => {
    const { stylist, token } = await signedInStylist();
    const path = `/api/stylists/${stylist.id}/online-booking`;
    const off = await post(
      stylistOnline,
      path,
      admin.token,
      { onlineBookable: false },
      { id: String(stylist.id) },
      "PUT",
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: stylist.id, onlineBookable: false });
    const [row] = await db.select().from(stylists).where(eq(stylists.id, stylist.id));
    expect(row!.onlineBookable).toBe(false);
    for (const refusedToken of [token, display.token]) {
      const refused = await post(
        stylistOnline,
        path,
        refusedToken,
        { onlineBookable: true },
        { id: String(stylist.id) },
        "PUT",
      );
      expect(refused.status).toBe(403);
    }
    const bad = await post(
      stylistOnline,
      path,
      admin.token,
      { onlineBookable: "maybe" },
      { id: String(stylist.id) },
      "PUT",
    );
    expect(bad.status).toBe(400);
    const missing = await post(
      stylistOnline,
      "/api/stylists/999999/online-booking",
      admin.token,
      { onlineBookable: true },
      { id: "999999" },
      "PUT",
    );
    expect(missing.status).toBe(404);
    const on = await post(
      stylistOnline,
      path,
      admin.token,
      { onlineBookable: true },
      { id: String(stylist.id) },
      "PUT",
    );
    expect(on.body.onlineBookable).toBe(true);
  });
});

describe("requests", () => {
  let owner: Awaited<ReturnType<typeof signedInStylist>>;
  let other: Awaited<ReturnType<typeof signedInStylist>>;
  let serviceId: number;

  beforeAll(async () => {
    owner = await signedInStylist();
    other = await signedInStylist();
    serviceId = (await createService({ name: "Request Cut", duration: 60 })).id;
  });
  beforeEach(async () => {
    await noticesSettled();
    await db.delete(appointments).where(eq(appointments.status, "requested"));
    await configureSms();
    fake.requests.length = 0;
  });

  async function request(stylistId: number, startTime: string, phone = "07400 123456") {
    const client = await createClient({ phone });
    const [row] = await db
      .insert(appointments)
      .values({
        clientId: client.id,
        stylistId,
        serviceId,
        startTime,
        endTime: new Date(Date.parse(startTime) + 3600_000).toISOString(),
        status: "requested",
        source: "online",
        price: 4500,
      })
      .returning();
    return row!;
  }

  it("lists the requests soonest first, a stylist only their own column's, paged", async () => {
    const later = await request(owner.stylist.id, "2026-11-27T10:00:00.000Z");
    const sooner = await request(other.stylist.id, "2026-11-26T10:00:00.000Z");
    const third = await request(owner.stylist.id, "2026-11-28T10:00:00.000Z");
    const all = await get(requestList, "/api/online-requests", admin.token);
    expect(all.status).toBe(200);
    expect(all.body.map((item: { id: number }) => item.id)).toEqual([sooner.id, later.id, third.id]);
    expect(all.body[0]).toMatchObject({ status: "requested", source: "online" });
    const own = await get(requestList, "/api/online-requests", owner.token);
    expect(own.body.map((item: { id: number }) => item.id)).toEqual([later.id, third.id]);
    const first = await call(
      requestList.loader as never,
      makeRequest("GET", "/api/online-requests?limit=1", { token: admin.token }),
    );
    expect((first as Response).headers.get("Link")).toMatch(/rel="next"/);
    expect(await countRequests(owner.user)).toBe(2);
    expect(await countRequests(admin.user)).toBe(3);
    expect((await get(requestList, "/api/online-requests", display.token)).status).toBe(403);
  });

  it("accepts a request: scheduled, in the history, and the client is texted once", async () => {
    const row = await request(owner.stylist.id, "2026-11-30T10:00:00.000Z", "07400 200001");
    const path = `/api/online-requests/${row.id}/accept`;
    const accepted = await post(answerRoute, path, owner.token, undefined, { id: String(row.id), answer: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: row.id, status: "scheduled", source: "online" });
    const history = await db.select().from(appointmentHistory).where(eq(appointmentHistory.appointmentId, row.id));
    expect(history).toEqual([
      expect.objectContaining({ kind: "status_changed", statusBefore: "requested", statusAfter: "scheduled" }),
    ]);
    await noticesSettled();
    await sendClientNotices();
    const notices = await db.select().from(clientNotices).where(eq(clientNotices.appointmentId, row.id));
    expect(notices).toEqual([expect.objectContaining({ kind: "accepted", channel: "sms", status: "sent" })]);
    const texts = await db.select().from(smsLog).where(eq(smsLog.appointmentId, row.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ kind: "notice", status: "sent" });
    expect(texts[0]!.body).toContain("is confirmed");
    // Answered once: a second answer (another tablet) is 409.
    const again = await post(answerRoute, `/api/online-requests/${row.id}/decline`, admin.token, undefined, {
      id: String(row.id),
      answer: "decline",
    });
    expect(again.status).toBe(409);
  });

  it("declines a request: cancelled, not a late cancellation, its time free again, the client told", async () => {
    const row = await request(owner.stylist.id, "2026-11-25T12:00:00.000Z", "07400 200002");
    const declined = await post(answerRoute, `/api/online-requests/${row.id}/decline`, admin.token, undefined, {
      id: String(row.id),
      answer: "decline",
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "cancelled", lateCancellation: false });
    await noticesSettled();
    const notices = await db.select().from(clientNotices).where(eq(clientNotices.appointmentId, row.id));
    expect(notices).toEqual([expect.objectContaining({ kind: "declined" })]);
  });

  it("refuses another stylist's request as not found, unknown answers, display accounts, and accepting a past time", async () => {
    const row = await request(owner.stylist.id, "2026-12-01T10:00:00.000Z");
    const params = { id: String(row.id), answer: "accept" };
    expect(
      (await post(answerRoute, `/api/online-requests/${row.id}/accept`, other.token, undefined, params)).status,
    ).toBe(404);
    expect(
      (await post(answerRoute, `/api/online-requests/${row.id}/accept`, display.token, undefined, params)).status,
    ).toBe(403);
    expect(
      (
        await post(answerRoute, `/api/online-requests/${row.id}/approve`, admin.token, undefined, {
          ...params,
          answer: "approve",
        })
      ).status,
    ).toBe(404);
    const past = await request(owner.stylist.id, "2026-11-24T10:00:00.000Z");
    const late = await post(answerRoute, `/api/online-requests/${past.id}/accept`, admin.token, undefined, {
      id: String(past.id),
      answer: "accept",
    });
    expect(late.status).toBe(409);
    const [still] = await db.select().from(appointments).where(eq(appointments.id, past.id));
    expect(still!.status).toBe("requested");
  });

  it("holds its slot: staff cannot book over a request", async () => {
    const row = await request(owner.stylist.id, "2026-12-02T10:00:00.000Z");
    const client = await createClient();
    const clash = await post(appointmentList, "/api/appointments", admin.token, {
      clientId: client.id,
      stylistId: owner.stylist.id,
      serviceId,
      startTime: row.startTime,
    });
    expect(clash.status).toBe(409);
  });

  it("cannot be set by hand: staff's bookings and edits refuse 'requested' unless it is unchanged", async () => {
    const client = await createClient();
    const booked = await post(appointmentList, "/api/appointments", admin.token, {
      clientId: client.id,
      stylistId: owner.stylist.id,
      serviceId,
      startTime: "2026-12-03T10:00:00.000Z",
      status: "requested",
    });
    expect(booked.status).toBe(400);
    const scheduled = await post(appointmentList, "/api/appointments", admin.token, {
      clientId: client.id,
      stylistId: owner.stylist.id,
      serviceId,
      startTime: "2026-12-03T10:00:00.000Z",
    });
    expect(scheduled.status).toBe(201);
    const body = {
      clientId: client.id,
      stylistId: owner.stylist.id,
      serviceId,
      startTime: "2026-12-03T10:00:00.000Z",
      status: "requested",
    };
    const edited = await post(
      appointmentById,
      `/api/appointments/${scheduled.body.id}`,
      admin.token,
      body,
      { id: String(scheduled.body.id) },
      "PUT",
    );
    expect(edited.status).toBe(400);
    // A request's notes can be edited while it stays a request.
    const row = await request(owner.stylist.id, "2026-12-04T10:00:00.000Z");
    const kept = await post(
      appointmentById,
      `/api/appointments/${row.id}`,
      admin.token,
      { ...body, clientId: row.clientId, startTime: row.startTime, notes: "Called the client" },
      { id: String(row.id) },
      "PUT",
    );
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: "requested", notes: "Called the client" });
  });
});

describe("reports: the share of online bookings", () => {
  it("counts client appointments booked online in the period, for the salon and a stylist's own", async () => {
    const owner = await signedInStylist();
    const service = await createService({ name: "Report Cut" });
    const client = await createClient();
    const at = (day: string, source: "staff" | "online", status: "scheduled" | "cancelled" | "blocked" = "scheduled") =>
      db.insert(appointments).values({
        clientId: status === "blocked" ? null : client.id,
        stylistId: owner.stylist.id,
        serviceId: status === "blocked" ? null : service.id,
        startTime: `${day}T10:00:00.000Z`,
        endTime: `${day}T11:00:00.000Z`,
        status,
        source,
        price: 4500,
      });
    await at("2026-09-14", "online");
    await at("2026-09-15", "online", "cancelled");
    await at("2026-09-16", "staff");
    await at("2026-09-17", "staff");
    await at("2026-09-18", "online", "blocked");
    await at("2026-09-21", "online"); // the next week
    const query = "?period=custom&from=2026-09-14&to=2026-09-20";
    const salon = await get(reportsRoute, `/api/reports${query}`, admin.token);
    expect(salon.status).toBe(200);
    expect(salon.body).toMatchObject({ appointments: 4, onlineBookings: 2, onlineShare: 0.5 });
    const own = await get(reportsRoute, `/api/reports${query}`, owner.token);
    expect(own.body).toMatchObject({ appointments: 4, onlineBookings: 2, onlineShare: 0.5 });
    const otherStylist = await signedInStylist();
    const none = await get(reportsRoute, `/api/reports${query}`, otherStylist.token);
    expect(none.body).toMatchObject({ appointments: 0, onlineBookings: 0, onlineShare: 0 });
  });
});

// Settings saved by the domain reach the next read at once (its cache is cleared).
describe("settings domain", () => {
  it("saves through saveSalonSettings like the tab does", async () => {
    const user = await createTestUser("admin");
    const saved = await saveSalonSettings(user, { onlineApproval: true, onlineNewClients: false });
    expect(saved).toMatchObject({ onlineApproval: true, onlineNewClients: false });
    await db.update(services).set({ onlineBookable: true });
  });
});
