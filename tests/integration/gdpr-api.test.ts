// /api/gdpr (SPEC §7): overview, erasure requests, retention, export and the audit log.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { auditLog, clients } from "#db/schema";
import * as auditApi from "~/routes/api.gdpr.audit-log";
import * as forDeletion from "~/routes/api.gdpr.clients-for-deletion";
import * as erasureRequests from "~/routes/api.gdpr.erasure-requests";
import * as exportApi from "~/routes/api.gdpr.export.$id";
import * as overviewApi from "~/routes/api.gdpr.overview";
import { createStylistAndService, createTestAppointment, createTestClient, createTestSms } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";
import { useTestClock } from "../clock";

// Counts from today: the tests' clock (tests/clock.ts) fixes the day, or CI's second run moves it.
useTestClock();

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;

beforeAll(async () => {
  admin = await signedIn("admin");
});

const get = async (handler: unknown, path: string, params: Record<string, string> = {}, token = admin.token) =>
  json(await call(handler, makeRequest("GET", path, { token }), params));
const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe("the GDPR overview and lists", () => {
  it("counts clients, active consents, pending erasures, expired retention and legal bases", async () => {
    const before = (await get(overviewApi.loader, "/api/gdpr/overview")).body;
    await createTestClient({ legalBasis: "consent" }); // active consent
    await createTestClient({ legalBasis: "contract", erasureRequestedAt: past(3) }); // pending erasure, not an active consent
    await createTestClient({ legalBasis: "legitimate_interest", dataRetentionDate: past(1) }); // expired
    await createTestClient({ legalBasis: "legal_obligation", consentDate: null }); // no consent recorded
    const { status, body } = await get(overviewApi.loader, "/api/gdpr/overview");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      "activeConsents",
      "expiredRetention",
      "legalBasisBreakdown",
      "pendingErasure",
      "totalClients",
    ]);
    expect(body.totalClients - before.totalClients).toBe(4);
    expect(body.activeConsents - before.activeConsents).toBe(1);
    expect(body.pendingErasure - before.pendingErasure).toBe(1);
    expect(body.expiredRetention - before.expiredRetention).toBe(1);
    const delta = Object.fromEntries(
      Object.entries(body.legalBasisBreakdown as Record<string, number>).map(([key, n]) => [
        key,
        n - before.legalBasisBreakdown[key],
      ]),
    );
    expect(delta).toEqual({ consent: 1, contract: 1, legitimate_interest: 1, legal_obligation: 1 });
  });

  it("lists pending erasure requests and clients past retention in SPEC's shape, oldest first", async () => {
    const newer = await createTestClient({ name: "Newer Request", erasureRequestedAt: past(1) });
    const older = await createTestClient({ name: "Older Request", erasureRequestedAt: past(10) });
    const expired = await createTestClient({ name: "Long Expired", dataRetentionDate: past(30) });
    await createTestClient({ name: "Still Retained", dataRetentionDate: future(30) });

    const requests = (await get(erasureRequests.loader, "/api/gdpr/erasure-requests")).body as { id: number }[];
    const ids = requests.map((client) => client.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(requests.find((client) => client.id === older.id)).toEqual({
      id: older.id,
      name: "Older Request",
      email: older.email,
      erasureRequestDate: older.erasureRequestedAt,
      dataRetentionDate: older.dataRetentionDate,
    });

    const expiredList = (await get(forDeletion.loader, "/api/gdpr/clients-for-deletion")).body as {
      id: number;
      name: string;
    }[];
    expect(expiredList.find((client) => client.id === expired.id)).toEqual({
      id: expired.id,
      name: "Long Expired",
      email: expired.email,
      erasureRequestDate: null,
      dataRetentionDate: expired.dataRetentionDate,
    });
    expect(expiredList.some((client) => client.name === "Still Retained")).toBe(false);
  });
});

describe("GET /api/gdpr/export/{id}", () => {
  it("downloads everything held about the client as client-{id}-export.json, with a bearer token or the cookie", async () => {
    const { stylist, service } = await createStylistAndService({ name: "Balayage", category: "Colour", price: 9500 });
    const client = await createTestClient({
      name: "Export Subject",
      notes: "Sensitive scalp",
      address: "2 Export Way",
      birthday: "1975-03-04",
      consentType: "marketing",
      legalBasis: "contract",
    });
    const appointment = await createTestAppointment({
      clientId: client.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: "2026-02-03T10:00:00.000Z",
      price: 9500,
      status: "completed",
      notes: "Toner 9.1",
    });
    await createTestSms({
      clientId: client.id,
      appointmentId: appointment.id,
      toNumber: client.phone,
      body: "See you tomorrow at 10:00",
    });
    const someoneElse = await createTestClient();
    await createTestAppointment({
      clientId: someoneElse.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: "2026-02-03T12:00:00.000Z",
    });

    const response = (await call(
      exportApi.loader,
      makeRequest("GET", `/api/gdpr/export/${client.id}`, { token: admin.token }),
      { id: String(client.id) },
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="client-${client.id}-export.json"`);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const body = await response.json();
    expect(body.client).toMatchObject({
      id: client.id,
      name: "Export Subject",
      phone: client.phone,
      email: client.email,
      notes: "Sensitive scalp",
      address: "2 Export Way",
      birthday: "1975-03-04",
      isActive: true,
    });
    expect(body.consent).toEqual({
      consentType: "marketing",
      consentDate: client.consentDate,
      legalBasis: "contract",
      dataRetentionDate: client.dataRetentionDate,
      erasureRequestedAt: null,
      smsOptedOutAt: null,
      emailUnsubscribedAt: null,
    });
    expect(body.appointments).toEqual([
      {
        id: appointment.id,
        startTime: "2026-02-03T10:00:00.000Z",
        endTime: "2026-02-03T11:00:00.000Z",
        status: "completed",
        service: { id: service.id, name: "Balayage", category: "Colour" },
        stylist: { id: stylist.id, name: stylist.name },
        price: 9500,
        priceFormatted: "£95.00",
        notes: "Toner 9.1",
        bookedAt: appointment.createdAt,
        bookedOnline: false,
        detailsGivenOnline: null,
      },
    ]);
    expect(body.messages).toEqual([
      expect.objectContaining({
        to: client.phone,
        body: "See you tomorrow at 10:00",
        status: "sent",
        provider: "twilio",
        appointmentId: appointment.id,
      }),
    ]);
    expect(body.exportedAt).toEqual(expect.any(String));

    const viaCookie = (await call(
      exportApi.loader,
      makeRequest("GET", `/api/gdpr/export/${client.id}`, { cookie: admin.cookie }),
      { id: String(client.id) },
    )) as Response;
    expect(viaCookie.status).toBe(200);

    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "client.export"));
    expect(entries.filter((entry) => entry.entityId === client.id)).toHaveLength(2);
    expect(JSON.parse(entries.at(-1)!.details!)).toEqual({ appointments: 1, messages: 1 });
    expect(JSON.stringify(entries)).not.toContain("Export Subject");
  });

  it("answers 404 for an unknown client, 401 signed out and 403 for non-admins", async () => {
    expect(await get(exportApi.loader, "/api/gdpr/export/987654", { id: "987654" })).toEqual({
      status: 404,
      body: { message: "Client not found." },
    });
    const client = await createTestClient();
    expect(
      (
        await json(
          await call(exportApi.loader, makeRequest("GET", `/api/gdpr/export/${client.id}`), { id: String(client.id) }),
        )
      ).status,
    ).toBe(401);
    for (const role of ["stylist", "display"] as const) {
      const { token } = await signedIn(role);
      expect(
        (await get(exportApi.loader, `/api/gdpr/export/${client.id}`, { id: String(client.id) }, token)).status,
      ).toBe(403);
    }
  });
});

describe("GET /api/gdpr/audit-log", () => {
  it("lists exports, erasures, deletions, imports and erasure requests, newest first, with the actor's name", async () => {
    const client = await createTestClient();
    await db.update(clients).set({ notes: "x" }).where(eq(clients.id, client.id));
    await get(exportApi.loader, `/api/gdpr/export/${client.id}`, { id: String(client.id) });
    const { status, body } = await get(auditApi.loader, "/api/gdpr/audit-log");
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({
      action: "client.export",
      entityId: client.id,
      actor: `${admin.user.firstName} ${admin.user.lastName}`,
      details: { appointments: 0, messages: 0 },
    });
  });
});
