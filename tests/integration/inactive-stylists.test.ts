// A stylist who no longer works here (decision 0098): not offered or bookable for new
// appointments (400 with a message from the rule chain), nor a target for a move; their
// existing appointments stay on the calendar, in a column on the days they have some, and
// can still be edited and moved. `GET /api/stylists` lists active stylists unless an
// administrator asks for the inactive ones too. The clock is fixed: Monday, November 23, 2026.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as stylistsApi from "~/routes/api.stylists";
import * as userById from "~/routes/api.users.$id._index";
import { bookingOptions, loadCalendar } from "~/domain/calendar.server";
import { saveSalonSettings } from "~/domain/settings.server";
import { db } from "#db/client.server";
import { appointments } from "#db/schema";
import { call, json, makeRequest } from "../factories";
import { createClient, createService, stylistSession } from "../calendar-factories";

const NOW = new Date("2026-11-23T12:00:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let lee: Session;
let leeName: string;
let service: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;
let leesBooking: number;
let samsBooking: number;

const post = (token: string, body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token, body })).then(json);
const send = (method: string, token: string, id: number, body?: unknown) =>
  call(appointmentById.action, makeRequest(method, `/api/appointments/${id}`, { token, body }), {
    id: String(id),
  }).then(json);
const write = (stylistId: number, startTime: string, extra: Record<string, unknown> = {}) => ({
  clientId: client.id,
  stylistId,
  serviceId: service.id,
  startTime,
  status: "scheduled",
  availabilityOverride: true,
  ...extra,
});
const listStylists = (token: string, query = "") =>
  call(stylistsApi.loader, makeRequest("GET", `/api/stylists${query}`, { token })).then(json);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  admin = await stylistSession("admin");
  await saveSalonSettings(admin.user, { timeZone: "Europe/London" });
  sam = await stylistSession("stylist");
  lee = await stylistSession("stylist");
  leeName = `${lee.user.firstName} ${lee.user.lastName}`;
  service = await createService({ name: "Leaving Cut", price: 4000, duration: 60 });
  client = await createClient({ name: "Olive Oldclient" });
  // Lee has a booking on Tuesday, December 1, then leaves; Sam has one on Wednesday the 2nd.
  const booked = await post(admin.token, write(lee.stylistId, "2026-12-01T10:00:00.000Z"));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  leesBooking = booked.body.id;
  samsBooking = (await post(admin.token, write(sam.stylistId, "2026-12-02T10:00:00.000Z"))).body.id;
  const deactivated = await call(
    userById.action,
    makeRequest("PATCH", `/api/users/${lee.user.id}`, { token: admin.token, body: { isActive: false } }),
    { id: String(lee.user.id) },
  ).then(json);
  expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
});
afterAll(() => vi.useRealTimers());

describe("a stylist who no longer works here", () => {
  it("cannot be booked: 400 with a message on the stylist, from the rule chain", async () => {
    const refused = await post(admin.token, write(lee.stylistId, "2026-12-03T10:00:00.000Z"));
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: `${leeName} no longer works here: choose another stylist.`,
        errors: { stylistId: [`${leeName} no longer works here: choose another stylist.`] },
      },
    });
  });

  it("takes no appointment moved onto them, by a drag or an edit", async () => {
    const dragged = await send("PATCH", admin.token, samsBooking, {
      startTime: "2026-12-02T11:00:00.000Z",
      stylistId: lee.stylistId,
    });
    expect(dragged).toMatchObject({
      status: 400,
      body: { message: `${leeName} no longer works here: choose another stylist.` },
    });
    const edited = await send("PUT", admin.token, samsBooking, write(lee.stylistId, "2026-12-02T10:00:00.000Z"));
    expect(edited.status).toBe(400);
  });

  it("keeps their appointments editable and movable: in time, and to another stylist", async () => {
    const later = await send("PATCH", admin.token, leesBooking, { startTime: "2026-12-01T11:00:00.000Z" });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const notes = await send(
      "PUT",
      admin.token,
      leesBooking,
      write(lee.stylistId, "2026-12-01T11:00:00.000Z", { notes: "Call first" }),
    );
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    // Another of Lee's, handed over to Sam.
    const other = (await post(admin.token, write(sam.stylistId, "2026-12-04T10:00:00.000Z"))).body.id;
    await db.update(appointments).set({ stylistId: lee.stylistId }).where(eq(appointments.id, other));
    const handedOver = await send("PATCH", admin.token, other, {
      startTime: "2026-12-04T10:00:00.000Z",
      stylistId: sam.stylistId,
    });
    expect(handedOver.status, JSON.stringify(handedOver.body)).toBe(200);
  });

  it("keeps a calendar column only on the days they have appointments", async () => {
    const withBooking = await loadCalendar(admin.user, { view: "day", date: "2026-12-01" });
    expect(withBooking.stylists.map((stylist) => stylist.id)).toContain(lee.stylistId);
    expect(withBooking.items.some((item) => item.id === leesBooking)).toBe(true);
    const without = await loadCalendar(admin.user, { view: "day", date: "2026-12-02" });
    expect(without.stylists.map((stylist) => stylist.id)).not.toContain(lee.stylistId);
    const week = await loadCalendar(admin.user, { view: "week", date: "2026-12-01" });
    expect(week.stylists.map((stylist) => stylist.id)).toContain(lee.stylistId);
    expect(week.summary?.byStylist?.["2026-12-01"]?.[lee.stylistId]?.count).toBe(1);
  });

  it("is not offered for a new booking, but stays chosen in the edit of their appointment", async () => {
    expect((await bookingOptions(admin.user)).stylists.map((stylist) => stylist.id)).not.toContain(lee.stylistId);
    const edit = await bookingOptions(admin.user, { serviceId: service.id, stylistId: lee.stylistId });
    expect(edit.stylists.find((stylist) => stylist.id === lee.stylistId)).toMatchObject({ active: false });
  });
});

describe("GET /api/stylists", () => {
  it("lists the active stylists; an administrator may ask for the inactive ones too", async () => {
    const active = await listStylists(admin.token);
    expect(active.status).toBe(200);
    expect(active.body.map((stylist: { id: number }) => stylist.id)).not.toContain(lee.stylistId);
    expect(active.body.every((stylist: { isActive: boolean }) => stylist.isActive)).toBe(true);
    const all = await listStylists(admin.token, "?includeInactive=true");
    expect(all.body.find((stylist: { id: number }) => stylist.id === lee.stylistId)).toMatchObject({ isActive: false });
    expect((await listStylists(sam.token, "?includeInactive=true")).status).toBe(403);
    expect((await listStylists(admin.token, "?includeInactive=yes")).status).toBe(400);
  });
});
