import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, services, stylistAvailability, timeOff } from "#db/schema";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as stats from "~/routes/api.dashboard.stats";
import { SERVICE_INACTIVE } from "~/domain/services.server";
import { call, json, makeRequest, signedIn } from "../factories";
import { createClient, createService, stylistSession } from "../calendar-factories";

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let kim: Session;
let service: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  service = await createService({ name: "Cut & Finish", price: 4500, duration: 60 });
  client = await createClient({ name: "Jane Doe" });
});

const post = (token: string, body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token, body })).then(json);
const book = (token: string, stylistId: number, startTime: string, extra: Record<string, unknown> = {}) =>
  post(token, { clientId: client.id, stylistId, serviceId: service.id, startTime, status: "scheduled", ...extra });

describe("POST /api/appointments", () => {
  it("books with the service's duration and price, and answers the embedded client, stylist and service", async () => {
    const result = await book(admin.token, sam.stylistId, "2026-12-01T10:00:00.000Z");
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      startTime: "2026-12-01T10:00:00.000Z",
      endTime: "2026-12-01T11:00:00.000Z",
      status: "scheduled",
      price: 4500,
      client: { id: client.id, name: "Jane Doe" },
      stylist: { id: sam.stylistId },
      service: { id: service.id, name: "Cut & Finish", price: 4500 },
    });
  });

  it("keeps the booked price when the service's price changes later", async () => {
    const booked = await book(admin.token, sam.stylistId, "2026-12-02T10:00:00.000Z");
    await db.update(services).set({ price: 9900 }).where(eq(services.id, service.id));
    const [row] = await db.select().from(appointments).where(eq(appointments.id, booked.body.id));
    expect(row!.price).toBe(4500);
    await db.update(services).set({ price: 4500 }).where(eq(services.id, service.id));
  });

  it("answers 400 with field messages for bad input and writes nothing", async () => {
    const before = (await db.select().from(appointments)).length;
    const result = await post(admin.token, { stylistId: "x", startTime: "tomorrow" });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.errors)).toEqual(expect.arrayContaining(["stylistId", "startTime"]));
    const noService = await post(admin.token, {
      clientId: client.id,
      stylistId: sam.stylistId,
      serviceId: 99999,
      startTime: "2026-12-03T10:00:00Z",
    });
    expect(noService).toMatchObject({ status: 404, body: { message: "Service not found" } });
    const noClient = await post(admin.token, {
      stylistId: sam.stylistId,
      serviceId: service.id,
      startTime: "2026-12-03T10:00:00Z",
    });
    expect(noClient).toMatchObject({ status: 400, body: { message: "Client name is required" } });
    const offGrid = await book(admin.token, sam.stylistId, "2026-12-03T05:00:00Z");
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.message).toContain("between 7:00 AM and 11:00 PM");
    expect((await db.select().from(appointments)).length).toBe(before);
  });

  it("refuses inactive services for new bookings", async () => {
    const retired = await createService({ name: "Perm", isActive: false });
    const result = await post(admin.token, {
      clientId: client.id,
      stylistId: sam.stylistId,
      serviceId: retired.id,
      startTime: "2026-12-04T10:00:00Z",
    });
    expect(result).toMatchObject({ status: 400, body: { message: SERVICE_INACTIVE } });
  });
});

describe("no double booking", () => {
  it("refuses an overlap with 409 naming the clash; another stylist, cancelled and back-to-back are fine", async () => {
    await book(admin.token, kim.stylistId, "2026-12-07T10:00:00.000Z");
    const clash = await book(admin.token, kim.stylistId, "2026-12-07T10:30:00.000Z");
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/already has Jane Doe \(Cut & Finish\) from 10:00 AM to 11:00 AM\.$/);
    expect((await book(admin.token, kim.stylistId, "2026-12-07T11:00:00.000Z")).status).toBe(201);
    // Another stylist, for another client: Jane cannot be in two chairs at once.
    const other = await createClient({ name: "Other Client" });
    expect((await book(admin.token, sam.stylistId, "2026-12-07T10:30:00.000Z", { clientId: other.id })).status).toBe(
      201,
    );
    const cancelled = await book(admin.token, kim.stylistId, "2026-12-07T13:00:00.000Z", { status: "cancelled" });
    expect(cancelled.status).toBe(201);
    expect((await book(admin.token, kim.stylistId, "2026-12-07T13:00:00.000Z")).status).toBe(201);
  });

  it("counts blocked time, labelled with its notes", async () => {
    const blocked = await post(admin.token, {
      stylistId: kim.stylistId,
      startTime: "2026-12-08T12:00:00Z",
      endTime: "2026-12-08T13:00:00Z",
      status: "blocked",
      notes: "Lunch",
    });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ client: null, service: null, status: "blocked", price: 0 });
    const clash = await book(admin.token, kim.stylistId, "2026-12-08T12:30:00Z");
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain("blocked time (Lunch) from 12:00 PM to 1:00 PM.");
  });

  it("lets exactly one of twenty simultaneous requests for one slot through", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => book(admin.token, sam.stylistId, "2026-12-09T14:00:00.000Z")),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const rows = await db.select().from(appointments).where(eq(appointments.startTime, "2026-12-09T14:00:00.000Z"));
    expect(rows).toHaveLength(1);
  });
});

describe("PUT, PATCH and DELETE /api/appointments/{id}", () => {
  it("edits status and notes, moves by PATCH keeping the length, refuses a move onto a clash, and deletes", async () => {
    const booked = await book(admin.token, sam.stylistId, "2026-11-12T10:00:00.000Z");
    const id = String(booked.body.id);
    const put = await json(
      await call(
        appointmentById.action,
        makeRequest("PUT", `/api/appointments/${id}`, {
          token: admin.token,
          body: {
            clientId: client.id,
            stylistId: sam.stylistId,
            serviceId: service.id,
            startTime: "2026-11-12T10:00:00.000Z",
            endTime: "2026-11-12T11:00:00.000Z",
            status: "completed",
            notes: "Loved it",
          },
        }),
        { id },
      ),
    );
    expect(put.body).toMatchObject({ status: "completed", notes: "Loved it" });

    const moved = await json(
      await call(
        appointmentById.action,
        makeRequest("PATCH", `/api/appointments/${id}`, {
          token: admin.token,
          body: { startTime: "2026-11-12T15:00:00.000Z", stylistId: kim.stylistId },
        }),
        { id },
      ),
    );
    expect(moved.body).toMatchObject({
      startTime: "2026-11-12T15:00:00.000Z",
      endTime: "2026-11-12T16:00:00.000Z",
      stylist: { id: kim.stylistId },
    });

    await book(admin.token, sam.stylistId, "2026-11-12T13:00:00.000Z");
    const refused = await json(
      await call(
        appointmentById.action,
        makeRequest("PATCH", `/api/appointments/${id}`, {
          token: admin.token,
          body: { startTime: "2026-11-12T13:30:00.000Z", stylistId: sam.stylistId },
        }),
        { id },
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("already has Jane Doe");
    const [unchanged] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.id, Number(id)));
    expect(unchanged).toMatchObject({ startTime: "2026-11-12T15:00:00.000Z", stylistId: kim.stylistId });

    const deleted = await json(
      await call(appointmentById.action, makeRequest("DELETE", `/api/appointments/${id}`, { token: admin.token }), {
        id,
      }),
    );
    expect(deleted).toEqual({ status: 200, body: { message: "Appointment deleted successfully" } });
    const missing = await json(
      await call(appointmentById.action, makeRequest("DELETE", `/api/appointments/${id}`, { token: admin.token }), {
        id,
      }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("roles", () => {
  it("a stylist sees and books only their own column", async () => {
    const own = await book(sam.token, sam.stylistId, "2026-12-14T10:00:00.000Z");
    expect(own.status).toBe(201);
    const other = await book(sam.token, kim.stylistId, "2026-12-14T10:00:00.000Z");
    expect(other.status).toBe(403);
    const kims = await book(admin.token, kim.stylistId, "2026-12-14T12:00:00.000Z");
    const list = await json(
      await call(
        appointmentsApi.loader,
        makeRequest("GET", "/api/appointments?from=2026-12-14&to=2026-12-14", { token: sam.token }),
      ),
    );
    expect(list.body.map((a: { stylistId: number }) => a.stylistId)).toEqual([sam.stylistId]);
    const id = String(kims.body.id);
    // Someone else's appointment answers as a missing one would (no existence oracle).
    expect(
      (
        await json(
          await call(appointmentById.loader, makeRequest("GET", `/api/appointments/${id}`, { token: sam.token }), {
            id,
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await json(
          await call(appointmentById.action, makeRequest("DELETE", `/api/appointments/${id}`, { token: sam.token }), {
            id,
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await json(
          await call(
            appointmentById.action,
            makeRequest("PATCH", `/api/appointments/${own.body.id}`, {
              token: sam.token,
              body: { startTime: "2026-12-14T13:00:00Z", stylistId: kim.stylistId },
            }),
            {
              id: String(own.body.id),
            },
          ),
        )
      ).status,
    ).toBe(403);
  });

  it("a display account sees everything and changes nothing", async () => {
    const screen = await signedIn("display");
    const list = await json(
      await call(
        appointmentsApi.loader,
        makeRequest("GET", "/api/appointments?from=2026-12-14&to=2026-12-14", { token: screen.token }),
      ),
    );
    expect(new Set(list.body.map((a: { stylistId: number }) => a.stylistId))).toEqual(
      new Set([sam.stylistId, kim.stylistId]),
    );
    expect((await book(screen.token, sam.stylistId, "2026-12-15T10:00:00.000Z")).status).toBe(403);
    const id = String(list.body[0].id);
    expect(
      (
        await json(
          await call(
            appointmentById.action,
            makeRequest("DELETE", `/api/appointments/${id}`, { token: screen.token }),
            { id },
          ),
        )
      ).status,
    ).toBe(403);
  });

  it("only admins may override availability", async () => {
    const result = await book(sam.token, sam.stylistId, "2026-12-16T10:00:00.000Z", { availabilityOverride: true });
    expect(result.status).toBe(403);
  });
});

describe("the salon's clock", () => {
  it("books on the spring-forward day at the salon's wall-clock time and counts it on that day", async () => {
    // A Sunday, when stylists do not work by default: the admin overrides.
    const booked = await book(admin.token, kim.stylistId, "2026-03-29T08:00:00.000Z", { availabilityOverride: true }); // 09:00 BST
    expect(booked.status).toBe(201);
    const list = await json(
      await call(
        appointmentsApi.loader,
        makeRequest("GET", "/api/appointments?from=2026-03-29&to=2026-03-29", { token: admin.token }),
      ),
    );
    expect(list.body.map((a: { id: number }) => a.id)).toContain(booked.body.id);
    const day = await json(
      await call(stats.loader, makeRequest("GET", "/api/dashboard/stats?date=2026-03-29", { token: admin.token })),
    );
    expect(day.body).toEqual({ totalAppointments: 1, revenue: 0, pending: 1 });
    const offGrid = await book(admin.token, kim.stylistId, "2026-03-29T05:30:00.000Z", { availabilityOverride: true }); // 06:30 BST, before the grid
    expect(offGrid.status).toBe(400);
  });

  it("answers Today's Summary with revenue from completed appointments at their booked price", async () => {
    await book(admin.token, sam.stylistId, "2026-11-16T10:00:00.000Z", { status: "completed" });
    await book(admin.token, sam.stylistId, "2026-11-16T11:00:00.000Z");
    await book(admin.token, sam.stylistId, "2026-11-16T12:00:00.000Z", { status: "cancelled" });
    const day = await json(
      await call(stats.loader, makeRequest("GET", "/api/dashboard/stats?date=2026-11-16", { token: admin.token })),
    );
    expect(day.body).toEqual({ totalAppointments: 2, revenue: 4500, pending: 1 });
    const bad = await json(
      await call(stats.loader, makeRequest("GET", "/api/dashboard/stats?date=16/11/2026", { token: admin.token })),
    );
    expect(bad.status).toBe(400);
  });
});

describe("working hours and time off", () => {
  it("refuses a booking outside working hours, on a day off or in time off, unless an admin overrides", async () => {
    const late = await book(admin.token, kim.stylistId, "2026-12-22T17:00:00.000Z"); // default hours 09:00-17:00
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(
      /works 9:00 AM-5:00 PM on Tuesday, December 22, 2026, so 5:00 PM-6:00 PM is outside their working hours\. An administrator can still book it by ticking the override\.$/,
    );
    const sunday = await book(admin.token, kim.stylistId, "2026-12-27T10:00:00.000Z");
    expect(sunday.status).toBe(409);
    expect(sunday.body.message).toContain("is not working on Sunday, December 27, 2026.");

    await db
      .insert(timeOff)
      .values({ stylistId: kim.stylistId, startDate: "2026-12-28", endDate: "2026-12-29", reason: "Holiday" });
    const holiday = await book(admin.token, kim.stylistId, "2026-12-29T10:00:00.000Z");
    expect(holiday.status).toBe(409);
    expect(holiday.body.message).toContain("is on time off on Tuesday, December 29, 2026 (Holiday).");

    const overridden = await book(admin.token, kim.stylistId, "2026-12-29T10:00:00.000Z", {
      availabilityOverride: true,
    });
    expect(overridden.status).toBe(201);
    expect(overridden.body.availabilityOverride).toBe(true);
    const stylistTries = await book(kim.token, kim.stylistId, "2026-12-28T10:00:00.000Z", {
      availabilityOverride: true,
    });
    expect(stylistTries.status).toBe(403);
  });

  it("lets an existing appointment's notes and status change after the hours change, but not a move outside them", async () => {
    const booked = await book(admin.token, sam.stylistId, "2026-11-18T16:00:00.000Z");
    await db
      .insert(stylistAvailability)
      .values({ stylistId: sam.stylistId, dayOfWeek: 3, isWorking: true, startTime: "09:00", endTime: "12:00" });
    const id = String(booked.body.id);
    const body = {
      clientId: client.id,
      stylistId: sam.stylistId,
      serviceId: service.id,
      startTime: "2026-11-18T16:00:00.000Z",
      endTime: "2026-11-18T17:00:00.000Z",
      status: "completed",
      notes: "Done",
    };
    const edited = await json(
      await call(appointmentById.action, makeRequest("PUT", `/api/appointments/${id}`, { token: admin.token, body }), {
        id,
      }),
    );
    expect(edited.status).toBe(200);
    const moved = await json(
      await call(
        appointmentById.action,
        makeRequest("PATCH", `/api/appointments/${id}`, {
          token: admin.token,
          body: { startTime: "2026-11-18T15:00:00.000Z" },
        }),
        { id },
      ),
    );
    expect(moved.status).toBe(409);
  });
});
