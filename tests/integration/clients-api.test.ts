// /api/clients (SPEC §7) and the domain functions other areas call.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, writeTransaction } from "#db/client.server";
import { appointments, auditLog, clients, smsLog } from "#db/schema";
import { clientStats, createClientRecord, searchClients } from "~/domain/clients.server";
import { toActor } from "~/domain/auth.server";
import * as erasureRequest from "~/routes/api.clients.$id.erasure-request";
import * as clientById from "~/routes/api.clients.$id._index";
import * as clientList from "~/routes/api.clients._index";
import { createStylistAndService, createTestAppointment, createTestClient, createTestSms } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;
let stylist: Session;

beforeAll(async () => {
  admin = await signedIn("admin");
  stylist = await signedIn("stylist");
});

const list = async (query = "", token = admin.token) =>
  json(await call(clientList.loader, makeRequest("GET", `/api/clients${query}`, { token })));
const create = async (body: unknown, token = admin.token) =>
  json(await call(clientList.action, makeRequest("POST", "/api/clients", { token, body })));
const put = async (id: number, body: unknown, token = admin.token) =>
  json(await call(clientById.action, makeRequest("PUT", `/api/clients/${id}`, { token, body }), { id: String(id) }));
const remove = async (id: number, token = admin.token) =>
  json(await call(clientById.action, makeRequest("DELETE", `/api/clients/${id}`, { token }), { id: String(id) }));

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

describe("POST /api/clients", () => {
  it("creates a client with consent now and retention 7 years on, whatever dates the caller sends", async () => {
    const before = Date.now();
    const { status, body } = await create({
      name: "  Priya Patel ",
      phone: "07400 900001",
      email: "Priya.Patel@Example.com",
      notes: null,
      consentType: "both",
      isActive: true,
      consentDate: "2001-01-01T00:00:00.000Z",
      dataRetentionDate: "2002-01-01T00:00:00.000Z",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Priya Patel",
      phone: "07400 900001",
      email: "priya.patel@example.com",
      notes: null,
      consentType: "both",
      legalBasis: "consent",
      isActive: true,
    });
    const consent = Date.parse(body.consentDate);
    expect(consent).toBeGreaterThanOrEqual(before - 1000);
    expect(consent).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(body.dataRetentionDate) - consent).toBeGreaterThan(7 * YEAR_MS - 2 * 24 * 3600_000);
    expect(new Date(body.dataRetentionDate).getUTCFullYear()).toBe(new Date(consent).getUTCFullYear() + 7);
  });

  it("defaults consentType to service, isActive to true and email to null", async () => {
    const { status, body } = await create({ name: "Minimal", phone: "01225 000000" }, stylist.token);
    expect(status).toBe(201);
    expect(body).toMatchObject({ consentType: "service", isActive: true, email: null, notes: null });
  });

  it("accepts a client without a phone, as a booking may create one (SPEC §5: the booking's phone is optional)", async () => {
    const { status, body } = await create(
      { name: "Walk-in", phone: "", email: null, consentType: "service" },
      stylist.token,
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: "Walk-in", phone: "" });
  });

  it("answers 400 with SPEC's field messages", async () => {
    expect(await create({})).toEqual({
      status: 400,
      body: { message: "Name is required", errors: { name: ["Name is required"] } },
    });
    expect(await create({ name: " ", email: "not-an-email", phone: "x".repeat(51) })).toMatchObject({
      status: 400,
      body: {
        errors: {
          name: ["Name is required"],
          email: ["Invalid email"],
          phone: ["Phone must be at most 50 characters"],
        },
      },
    });
    expect(
      await create({ name: "A", phone: "1", consentType: "spam", legalBasis: "whim", isActive: "yes" }),
    ).toMatchObject({
      status: 400,
      body: { errors: { consentType: ["Invalid input"], legalBasis: ["Invalid input"], isActive: ["Invalid input"] } },
    });
    const badJson = new Request("http://localhost:3000/api/clients", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json", Host: "localhost:3000" },
      body: "{",
    });
    expect((await json(await call(clientList.action, badJson))).status).toBe(400);
  });

  it("refuses display accounts with 403 before looking at the body", async () => {
    const display = await signedIn("display");
    expect(await create({}, display.token)).toEqual({
      status: 403,
      body: { message: "You do not have permission to do that." },
    });
  });
});

describe("GET /api/clients", () => {
  it("lists clients in name order with their appointment counts, and pages with limit and the next link's cursor", async () => {
    const { stylist: chair, service } = await createStylistAndService();
    const zed = await createTestClient({ name: "Zed Listcheck", phone: "07000 111222", email: "zed@list.example" });
    await createTestClient({ name: "Yara Listcheck", phone: "07000 333444", email: null });
    for (const day of [1, 2, 3])
      await createTestAppointment({
        clientId: zed.id,
        stylistId: chair.id,
        serviceId: service.id,
        startTime: `2026-03-0${day}T10:00:00.000Z`,
      });

    const { status, body } = await list("?q=listcheck");
    expect(status).toBe(200);
    expect(body.map((client: { name: string }) => client.name)).toEqual(["Yara Listcheck", "Zed Listcheck"]);
    expect(body[1]).toMatchObject({ id: zed.id, appointmentCount: 3, email: "zed@list.example" });
    expect(body[0]).toMatchObject({ appointmentCount: 0, email: null });

    const first = await call(
      clientList.loader,
      makeRequest("GET", "/api/clients?q=listcheck&limit=1", { token: admin.token }),
    );
    const next = /^<([^>]+)>; rel="next"$/.exec((first as Response).headers.get("Link") ?? "")?.[1];
    expect((await json(first)).body.map((client: { name: string }) => client.name)).toEqual(["Yara Listcheck"]);
    expect(next).toMatch(/^\/api\/clients\?q=listcheck&limit=1&cursor=/);
    expect(
      (await list(next!.slice("/api/clients".length))).body.map((client: { name: string }) => client.name),
    ).toEqual(["Zed Listcheck"]);
    expect((await list("?limit=0")).status).toBe(400);
  });

  it("searches name, e-mail and phone case-insensitively, phone also by its digits", async () => {
    await createTestClient({ name: "Océane MacSearch", phone: "07400 987654", email: "oceane@Search.example" });
    const names = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).body.map((client: { name: string }) => client.name);
    expect(await names("MACSEARCH")).toEqual(["Océane MacSearch"]);
    expect(await names("search.EXAMPLE")).toEqual(["Océane MacSearch"]);
    expect(await names("07400 9876")).toEqual(["Océane MacSearch"]);
    expect(await names("07400987654")).toEqual(["Océane MacSearch"]);
    expect(await names("%")).toEqual([]);
    expect(await names("nobody-like-this")).toEqual([]);
  });

  it("is open to every signed-in role and refuses signed-out callers", async () => {
    const display = await signedIn("display");
    expect((await list("", display.token)).status).toBe(200);
    expect((await json(await call(clientList.loader, makeRequest("GET", "/api/clients")))).status).toBe(401);
  });
});

describe("GET, PUT and DELETE /api/clients/{id}", () => {
  it("reads one client and answers 404 for an unknown id and for one that is not an id", async () => {
    const client = await createTestClient();
    expect(
      (
        await json(
          await call(clientById.loader, makeRequest("GET", `/api/clients/${client.id}`, { token: admin.token }), {
            id: String(client.id),
          }),
        )
      ).body,
    ).toMatchObject({
      id: client.id,
      appointmentCount: 0,
    });
    expect(
      await json(
        await call(clientById.loader, makeRequest("GET", "/api/clients/99999", { token: admin.token }), {
          id: "99999",
        }),
      ),
    ).toEqual({
      status: 404,
      body: { message: "Client not found." },
    });
    expect(
      (
        await json(
          await call(clientById.loader, makeRequest("GET", "/api/clients/abc", { token: admin.token }), { id: "abc" }),
        )
      ).status,
    ).toBe(404);
  });

  it("updates only the fields sent (a booking edit sends name, phone and e-mail)", async () => {
    const client = await createTestClient({ notes: "Keep me", consentType: "marketing", legalBasis: "contract" });
    const { status, body } = await put(
      client.id,
      { name: "Renamed Person", phone: "07111 000000", email: "" },
      stylist.token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "Renamed Person",
      phone: "07111 000000",
      email: null,
      notes: "Keep me",
      consentType: "marketing",
      legalBasis: "contract",
    });
    expect(body.consentDate).toBe(client.consentDate);
    expect(body.dataRetentionDate).toBe(client.dataRetentionDate);
  });

  it("records a new consent date when the consent type changes, keeping the retention date", async () => {
    const client = await createTestClient({
      consentDate: "2024-01-01T00:00:00.000Z",
      dataRetentionDate: "2031-01-01T00:00:00.000Z",
    });
    const { body } = await put(client.id, {
      consentType: "both",
      consentDate: "1999-01-01T00:00:00.000Z",
      dataRetentionDate: "1999-01-01T00:00:00.000Z",
    });
    expect(body.consentType).toBe("both");
    expect(Date.parse(body.consentDate)).toBeGreaterThan(Date.parse("2025-01-01"));
    expect(body.dataRetentionDate).toBe("2031-01-01T00:00:00.000Z");
  });

  it("validates like POST and answers 404 for an unknown client", async () => {
    const client = await createTestClient();
    expect(await put(client.id, { name: "", email: "nope" })).toMatchObject({
      status: 400,
      body: { errors: { name: ["Name is required"], email: ["Invalid email"] } },
    });
    expect((await put(424242, { name: "X" })).status).toBe(404);
  });

  it("lets only admins delete; deleting removes the appointment history, notes and messages, audit-logged without personal data", async () => {
    const { stylist: chair, service } = await createStylistAndService();
    const client = await createTestClient({ name: "Delete Me Fully", notes: "Some notes" });
    const other = await createTestClient();
    const appointment = await createTestAppointment({
      clientId: client.id,
      stylistId: chair.id,
      serviceId: service.id,
      startTime: "2026-04-01T09:00:00.000Z",
      notes: "Colour 6.1",
    });
    const kept = await createTestAppointment({
      clientId: other.id,
      stylistId: chair.id,
      serviceId: service.id,
      startTime: "2026-04-01T11:00:00.000Z",
    });
    await createTestSms({
      clientId: client.id,
      appointmentId: appointment.id,
      toNumber: client.phone,
      body: "Reminder",
    });

    expect((await remove(client.id, stylist.token)).status).toBe(403);
    expect(await remove(client.id)).toEqual({
      status: 200,
      body: { message: "Client deleted successfully", appointmentsDeleted: 1 },
    });
    expect(await db.select().from(clients).where(eq(clients.id, client.id))).toEqual([]);
    expect(await db.select().from(appointments).where(eq(appointments.id, appointment.id))).toEqual([]);
    expect(await db.select().from(appointments).where(eq(appointments.id, kept.id))).toHaveLength(1);
    expect(await db.select().from(smsLog).where(eq(smsLog.clientId, client.id))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "client.delete"));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, entityType: "client", entityId: client.id });
    expect(JSON.parse(entry!.details!)).toEqual({ appointmentsDeleted: 1, messagesDeleted: 1 });
    expect((await remove(client.id)).status).toBe(404);
  });

  it("answers 405 for other methods", async () => {
    const response = await call(
      clientById.action,
      makeRequest("PATCH", "/api/clients/1", { token: admin.token, body: {} }),
      { id: "1" },
    );
    expect((response as Response).status).toBe(405);
  });
});

describe("POST and DELETE /api/clients/{id}/erasure-request", () => {
  it("records the first request date once, lets staff withdraw it, and refuses display accounts", async () => {
    const client = await createTestClient();
    const path = `/api/clients/${client.id}/erasure-request`;
    const send = async (method: string, token: string) =>
      json(await call(erasureRequest.action, makeRequest(method, path, { token }), { id: String(client.id) }));
    const first = await send("POST", stylist.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: client.id, erasureRequestDate: expect.any(String) });
    expect((await send("POST", admin.token)).body.erasureRequestDate).toBe(first.body.erasureRequestDate);
    expect((await send("POST", (await signedIn("display")).token)).status).toBe(403);
    expect(await send("DELETE", stylist.token)).toEqual({
      status: 200,
      body: { id: client.id, erasureRequestDate: null },
    });
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, client.id))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(["client.erasure_requested", "client.erasure_withdrawn"]);
    expect(
      (
        await json(
          await call(
            erasureRequest.action,
            makeRequest("POST", "/api/clients/999999/erasure-request", { token: admin.token }),
            { id: "999999" },
          ),
        )
      ).status,
    ).toBe(404);
  });
});

describe("the interface other areas call", () => {
  it("createClientRecord validates, stamps consent and joins the caller's transaction", async () => {
    const actor = toActor(stylist.user);
    const created = await writeTransaction((tx) =>
      createClientRecord(tx, actor, { name: "Booked Walk-in", phone: "07999 000111", consentType: "service" }),
    );
    expect(created).toEqual({ id: expect.any(Number), name: "Booked Walk-in", phone: "07999 000111", email: null });
    const [row] = await db.select().from(clients).where(eq(clients.id, created.id));
    expect(row).toMatchObject({
      consentType: "service",
      isActive: true,
      consentDate: expect.any(String),
      dataRetentionDate: expect.any(String),
    });

    await expect(
      writeTransaction(async (tx) => {
        await createClientRecord(tx, actor, { name: "Rolled Back", phone: "07999 000222" });
        throw new Error("the booking failed");
      }),
    ).rejects.toThrow("the booking failed");
    expect(await db.select().from(clients).where(eq(clients.name, "Rolled Back"))).toEqual([]);

    await expect(
      writeTransaction((tx) => createClientRecord(tx, actor, { name: "", phone: "", email: "nope" })),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { name: ["Name is required"], email: ["Invalid email"] },
    });
    const walkIn = await writeTransaction((tx) =>
      createClientRecord(tx, actor, { name: "Walk-in Booking", phone: "" }),
    );
    expect(walkIn).toMatchObject({ name: "Walk-in Booking", phone: "" });
    const display = toActor((await signedIn("display")).user);
    await expect(
      writeTransaction((tx) => createClientRecord(tx, display, { name: "X", phone: "1" })),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("searchClients puts exact and prefix matches before matches inside a name", async () => {
    const actor = toActor(stylist.user);
    await createTestClient({ name: "Annabel Rankfirst" });
    await createTestClient({ name: "Joanna Rankfirst" });
    await createTestClient({ name: "Rank Ann" });
    await createTestClient({ name: "Ann", email: "solo.ann@rank.example" });
    const names = (await searchClients(actor, "ann")).map((client) => client.name);
    expect(names.slice(0, 4)).toEqual(["Ann", "Annabel Rankfirst", "Rank Ann", "Joanna Rankfirst"]);
    expect(await searchClients(actor, "   ")).toEqual([]);
    expect(await searchClients(actor, "ann", 2)).toHaveLength(2);
    expect(Object.keys((await searchClients(actor, "ann"))[0]!).sort()).toEqual(["email", "id", "name", "phone"]);
  });

  it("clientStats counts clients with an appointment and clients added in the salon's month", async () => {
    const actor = toActor(admin.user);
    const { stylist: chair, service } = await createStylistAndService();
    // 15 July 2026 in London (BST, UTC+1): the month starts at 2026-06-30T23:00Z.
    const now = new Date("2026-07-15T12:00:00.000Z");
    const before = await clientStats(actor, now);
    const early = await createTestClient({ createdAt: "2026-06-30T23:30:00.000Z" });
    const late = await createTestClient({ createdAt: "2026-06-30T22:30:00.000Z" });
    const cancelledOnly = await createTestClient({ createdAt: "2020-01-01T00:00:00.000Z" });
    await createTestAppointment({
      clientId: early.id,
      stylistId: chair.id,
      serviceId: service.id,
      startTime: "2026-06-30T23:30:00.000Z",
    });
    await createTestAppointment({
      clientId: early.id,
      stylistId: chair.id,
      serviceId: service.id,
      startTime: "2026-07-20T10:00:00.000Z",
    });
    await createTestAppointment({
      clientId: late.id,
      stylistId: chair.id,
      serviceId: service.id,
      startTime: "2026-06-30T21:00:00.000Z",
    });
    await createTestAppointment({
      clientId: cancelledOnly.id,
      stylistId: chair.id,
      serviceId: service.id,
      startTime: "2026-07-02T10:00:00.000Z",
      status: "cancelled",
    });
    const after = await clientStats(actor, now);
    expect(after.totalClients - before.totalClients).toBe(3);
    expect(after.activeThisMonth - before.activeThisMonth).toBe(1);
    expect(after.newThisMonth - before.newThisMonth).toBe(1);
  });
});
