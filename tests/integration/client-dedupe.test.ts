// One record per client (decisions 0060, 0061): duplicates by phone (in
// E.164) or e-mail are refused by the client form, its edit and /api, reused by a booking
// typed without picking the client, found by search; two records merge into one.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { normaliseClientPhones } from "#db/phone-numbers";
import { appointments, auditLog, clients, smsLog } from "#db/schema";
import { saveSalonSettings } from "~/domain/settings.server";
import * as newBooking from "~/routes/_app.calendar.appointments.new";
import * as editDialog from "~/routes/_app.clients.$clientId.edit";
import * as mergeDialog from "~/routes/_app.clients.$clientId.merge";
import * as newDialog from "~/routes/_app.clients.new";
import * as clientsPage from "~/routes/_app.clients";
import * as clientMerge from "~/routes/api.clients.$id.merge";
import * as clientList from "~/routes/api.clients._index";
import * as clientById from "~/routes/api.clients.$id._index";
import { createService, stylistSession } from "../calendar-factories";
import { createTestAppointment, createTestClient, createTestSms } from "../clients-factories";
import { call, json, makeRequest, signedIn, statusOf } from "../factories";

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;
let stylist: Awaited<ReturnType<typeof stylistSession>>;

beforeAll(async () => {
  admin = await signedIn("admin");
  stylist = await stylistSession("stylist");
});

function toastOf(response: Response): string {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!);
  return Buffer.from(value.split(".")[0]!, "base64").toString("utf8");
}

const clientForm = (fields: Record<string, string>) => ({
  notes: "",
  consentType: "service",
  legalBasis: "consent",
  isActive: "on",
  gdprConsent: "on",
  ...fields,
});
type FormFailure = { data: { result: { error: Record<string, string[]> }; details?: { existingClientId: number } } };
const clientCount = async () => (await db.select({ n: count() }).from(clients))[0]!.n;

describe("the stored phone in E.164", () => {
  it("is written with every client, and filled in for rows written without it", async () => {
    const created = await json(
      await call(
        clientList.action,
        makeRequest("POST", "/api/clients", {
          token: admin.token,
          body: { name: "E164 Written", phone: "07400 910001" },
        }),
      ),
    );
    expect(created.status).toBe(201);
    const [row] = await db.select().from(clients).where(eq(clients.id, created.body.id));
    expect(row!.phoneE164).toBe("+447400910001");

    const legacy = await createTestClient({ name: "Legacy Phone", phone: "07400 910002", phoneE164: null });
    const notAPhone = await createTestClient({ name: "Not A Phone", phone: "ask at desk", phoneE164: null });
    expect(await normaliseClientPhones(db, "GB")).toBeGreaterThanOrEqual(1);
    const [filled] = await db.select().from(clients).where(eq(clients.id, legacy.id));
    expect(filled!.phoneE164).toBe("+447400910002");
    const [unfilled] = await db.select().from(clients).where(eq(clients.id, notAPhone.id));
    expect(unfilled!.phoneE164).toBeNull();
    // Idempotent: nothing left to change.
    expect(await normaliseClientPhones(db, "GB")).toBe(0);
  });

  it("is read again in the salon's new country when the country changes", async () => {
    const local = await createTestClient({ name: "Country Change", phone: "0412 910 003" });
    expect(local.phoneE164).toBeNull(); // not a valid British number
    await saveSalonSettings(admin.user, { country: "AU" });
    try {
      const [row] = await db.select().from(clients).where(eq(clients.id, local.id));
      expect(row!.phoneE164).toBe("+61412910003");
    } finally {
      await saveSalonSettings(admin.user, { country: "GB" });
    }
    const [back] = await db.select().from(clients).where(eq(clients.id, local.id));
    expect(back!.phoneE164).toBeNull();
  });

  it("lets a search typed as a national number find a number stored internationally", async () => {
    await createTestClient({ name: "Stored International", phone: "+44 7400 910004" });
    const load = (query: string) =>
      call(
        clientsPage.loader,
        makeRequest("GET", `/clients?q=${encodeURIComponent(query)}`, { cookie: admin.cookie }),
      ) as Promise<{ clients: { name: string }[] }>;
    expect((await load("07400 910004")).clients.map((client) => client.name)).toEqual(["Stored International"]);
    expect((await load("07400910004")).clients.map((client) => client.name)).toEqual(["Stored International"]);
  });
});

describe("the Add Client form and /api refuse a duplicate", () => {
  it("refuses the same phone written another way, with a message naming and linking the existing client", async () => {
    const existing = await createTestClient({
      name: "Jane Existing",
      phone: "07400 920001",
      email: "jane.existing@dedupe.example",
    });
    const before = await clientCount();
    const result = (await call(
      newDialog.action,
      makeRequest("POST", "/clients/new", {
        cookie: stylist.cookie,
        form: clientForm({ name: "Jane Again", phone: "+44 (0)7400-920001" }),
      }),
    )) as FormFailure;
    expect(statusOf(result)).toBe(409);
    expect(result.data.result.error).toEqual({
      "": ["A client with this phone number already exists: Jane Existing."],
      phone: ["Already on file for Jane Existing"],
    });
    expect(result.data.details).toMatchObject({ existingClientId: existing.id });
    expect(await clientCount()).toBe(before);
  });

  it("refuses the same e-mail in another case", async () => {
    const existing = await createTestClient({
      name: "Mail Existing",
      phone: "07400 920002",
      email: "mail.existing@dedupe.example",
    });
    const result = (await call(
      newDialog.action,
      makeRequest("POST", "/clients/new", {
        cookie: admin.cookie,
        form: clientForm({ name: "Mail Again", phone: "07400 920099", email: "Mail.Existing@DEDUPE.example" }),
      }),
    )) as FormFailure;
    expect(statusOf(result)).toBe(409);
    expect(result.data.result.error[""]).toEqual(["A client with this e-mail already exists: Mail Existing."]);
    expect(result.data.details).toMatchObject({ existingClientId: existing.id });
  });

  it("answers POST /api/clients with 409 and the existing client's id", async () => {
    const existing = await createTestClient({ name: "Api Existing", phone: "07400 920003" });
    const { status, body } = await json(
      await call(
        clientList.action,
        makeRequest("POST", "/api/clients", {
          token: stylist.token,
          body: { name: "Api Again", phone: "07400920003" },
        }),
      ),
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({
      message: "A client with this phone number already exists: Api Existing.",
      existingClientId: existing.id,
    });
  });

  it("refuses an edit that makes a client another one's duplicate, but lets records that already were duplicates be edited", async () => {
    const first = await createTestClient({
      name: "Edit First",
      phone: "07400 920004",
      email: "edit.first@dedupe.example",
    });
    const second = await createTestClient({
      name: "Edit Second",
      phone: "07400 920005",
      email: "edit.second@dedupe.example",
    });
    const refused = (await call(
      editDialog.action,
      makeRequest("POST", `/clients/${second.id}/edit`, {
        cookie: stylist.cookie,
        form: clientForm({ name: "Edit Second", phone: "07400 920004", email: "edit.second@dedupe.example" }),
      }),
      { clientId: String(second.id) },
    )) as FormFailure;
    expect(statusOf(refused)).toBe(409);
    expect(refused.data.details).toMatchObject({ existingClientId: first.id });
    const api = await json(
      await call(
        clientById.action,
        makeRequest("PUT", `/api/clients/${second.id}`, {
          token: stylist.token,
          body: { email: "EDIT.FIRST@dedupe.example" },
        }),
        { id: String(second.id) },
      ),
    );
    expect(api).toMatchObject({ status: 409, body: { existingClientId: first.id } });

    // Two records made before the rule (same phone): each still takes a change of notes.
    const legacy = await createTestClient({ name: "Legacy Twin", phone: "07400 920004", email: null });
    const edited = await json(
      await call(
        clientById.action,
        makeRequest("PUT", `/api/clients/${legacy.id}`, { token: stylist.token, body: { notes: "Still editable" } }),
        { id: String(legacy.id) },
      ),
    );
    expect(edited.status).toBe(200);
  });
});

describe("a booking typed for a client already on file", () => {
  let service: Awaited<ReturnType<typeof createService>>;
  beforeAll(async () => {
    service = await createService({ duration: 60 });
  });

  const book = (fields: Record<string, string>, time: string) =>
    call(
      newBooking.action,
      makeRequest("POST", "/calendar/appointments/new", {
        cookie: stylist.cookie,
        form: {
          intent: "create",
          stylistId: String(stylist.stylistId),
          serviceId: String(service.id),
          date: "2026-12-01",
          time,
          duration: "60",
          status: "scheduled",
          ...fields,
        },
      }),
    ) as Promise<Response>;

  it("books the existing client (as a browser without JavaScript sends it) and says so; no second record", async () => {
    const jane = await createTestClient({
      name: "Jane Smith Booked",
      phone: "07400 930001",
      email: "jane.booked@dedupe.example",
    });
    const before = await clientCount();
    const response = await book(
      { clientName: "Jane Smith Booked", clientPhone: "07400930001", clientEmail: "" },
      "10:00",
    );
    expect(response.status).toBe(302);
    expect(toastOf(response)).toContain("Appointment booked for existing client Jane Smith Booked");
    expect(await clientCount()).toBe(before);
    const [booked] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.clientId, jane.id), eq(appointments.startTime, "2026-12-01T10:00:00.000Z")));
    expect(booked).toBeDefined();
  });

  it("reuses by phone with the name typed another way, and by e-mail without a phone", async () => {
    const jane = await createTestClient({
      name: "Janet Phone",
      phone: "07400 930002",
      email: "janet.phone@dedupe.example",
    });
    // A different name with the same phone asks first (decision 0097, client-choice.test.ts).
    const byPhone = await book({ clientName: "janet  PHONE", clientPhone: "+447400930002" }, "11:00");
    expect(toastOf(byPhone)).toContain("Appointment booked for existing client Janet Phone");
    const byMail = await book({ clientName: "Janet Phone", clientEmail: "JANET.PHONE@dedupe.example" }, "12:00");
    expect(toastOf(byMail)).toContain("Appointment booked for existing client Janet Phone");
    expect((await db.select({ n: count() }).from(appointments).where(eq(appointments.clientId, jane.id)))[0]!.n).toBe(
      2,
    );
  });

  it("creates a new client when nothing matches", async () => {
    const before = await clientCount();
    const response = await book({ clientName: "Brand New Booker", clientPhone: "07400 930003" }, "14:00");
    expect(toastOf(response)).toContain("Appointment booked successfully");
    expect(await clientCount()).toBe(before + 1);
  });
});

describe("merging two clients", () => {
  async function twins(tag: string) {
    const stylistRow = stylist.stylistId;
    const service = await createService();
    const kept = await createTestClient({
      name: `Kept ${tag}`,
      phone: `07400 94${tag}1`,
      email: null,
      notes: "Kept notes",
      consentType: "service",
      erasureRequestedAt: null,
    });
    const duplicate = await createTestClient({
      name: `Duplicate ${tag}`,
      phone: `07400 94${tag}2`,
      email: `dup.${tag}@dedupe.example`,
      notes: "Duplicate notes",
      consentType: "marketing",
      smsOptedOutAt: "2026-11-01T10:00:00.000Z",
    });
    const appointment = await createTestAppointment({
      clientId: duplicate.id,
      stylistId: stylistRow,
      serviceId: service.id,
      startTime: `2026-12-0${tag.slice(-1)}T15:00:00.000Z`,
    });
    await createTestSms({ clientId: duplicate.id, toNumber: "+447400900000", body: "Reminder" });
    return { kept, duplicate, appointment };
  }

  it("moves appointments, messages, consent and notes to the kept client in one step, audit-logged (API)", async () => {
    const { kept, duplicate, appointment } = await twins("001");
    const { status, body } = await json(
      await call(
        clientMerge.action,
        makeRequest("POST", `/api/clients/${kept.id}/merge`, {
          token: admin.token,
          body: { duplicateClientId: duplicate.id },
        }),
        { id: String(kept.id) },
      ),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ mergedClientId: duplicate.id, appointmentsMoved: 1, messagesMoved: 1 });
    expect(body.client).toMatchObject({
      id: kept.id,
      name: "Kept 001",
      email: "dup.001@dedupe.example",
      notes: "Kept notes\n\nDuplicate notes",
      consentType: "both",
      smsOptedOutAt: "2026-11-01T10:00:00.000Z",
    });
    expect(await db.select().from(clients).where(eq(clients.id, duplicate.id))).toEqual([]);
    const [moved] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(moved!.clientId).toBe(kept.id);
    expect((await db.select().from(smsLog).where(eq(smsLog.clientId, kept.id))).length).toBe(1);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.merge"), eq(auditLog.entityId, kept.id)));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, entityType: "client" });
    expect(JSON.parse(entry!.details!)).toEqual({
      mergedClientId: duplicate.id,
      appointmentsMoved: 1,
      messagesMoved: 1,
      salesMoved: 0,
    });
  });

  it("keeps the record the admin chooses on the Merge Clients screen, without JavaScript", async () => {
    const { kept, duplicate } = await twins("002");
    const params = { clientId: String(kept.id) };
    const found = (await call(
      mergeDialog.loader,
      makeRequest("GET", `/clients/${kept.id}/merge?find=Duplicate+002`, { cookie: admin.cookie }),
      params,
    )) as { results: { id: number }[] };
    expect(found.results.map((row) => row.id)).toEqual([duplicate.id]);
    const chosen = (await call(
      mergeDialog.loader,
      makeRequest("GET", `/clients/${kept.id}/merge?with=${duplicate.id}`, { cookie: admin.cookie }),
      params,
    )) as {
      client: { name: string };
      other: { name: string };
    };
    expect([chosen.client.name, chosen.other.name]).toEqual(["Kept 002", "Duplicate 002"]);
    const response = (await call(
      mergeDialog.action,
      makeRequest("POST", `/clients/${kept.id}/merge?q=002`, {
        cookie: admin.cookie,
        form: { otherClientId: String(duplicate.id), keep: "other" },
      }),
      params,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/clients?q=002");
    expect(toastOf(response)).toContain("Duplicate 002 is kept; 0 appointments moved from the other record.");
    expect(await db.select().from(clients).where(eq(clients.id, kept.id))).toEqual([]);
    expect((await db.select().from(clients).where(eq(clients.id, duplicate.id)))[0]).toMatchObject({
      notes: "Duplicate notes\n\nKept notes",
      consentType: "both",
    });
  });

  it("refuses a client merged with itself (400), an unknown one (404), and stylists and displays (403)", async () => {
    const { kept, duplicate } = await twins("003");
    const merge = (token: string, body: unknown, id = kept.id) =>
      call(clientMerge.action, makeRequest("POST", `/api/clients/${id}/merge`, { token, body }), {
        id: String(id),
      }).then(json);
    expect(await merge(admin.token, { duplicateClientId: kept.id })).toMatchObject({
      status: 400,
      body: { message: "Choose a different client to merge: a client cannot be merged with itself." },
    });
    expect((await merge(admin.token, { duplicateClientId: 99999999 })).status).toBe(404);
    expect((await merge(admin.token, {})).status).toBe(400);
    for (const role of ["stylist", "display"] as const) {
      const { token, cookie } = await signedIn(role);
      expect((await merge(token, { duplicateClientId: duplicate.id })).status).toBe(403);
      expect(
        statusOf(
          await call(mergeDialog.loader, makeRequest("GET", `/clients/${kept.id}/merge`, { cookie }), {
            clientId: String(kept.id),
          }),
        ),
      ).toBe(403);
      expect(
        statusOf(
          await call(
            mergeDialog.action,
            makeRequest("POST", `/clients/${kept.id}/merge`, {
              cookie,
              form: { otherClientId: String(duplicate.id), keep: "this" },
            }),
            { clientId: String(kept.id) },
          ),
        ),
      ).toBe(403);
    }
    // Nothing moved.
    expect((await db.select().from(clients).where(eq(clients.id, duplicate.id))).length).toBe(1);
  });

  it("refuses notes too long together, leaving both records as they were", async () => {
    const kept = await createTestClient({ name: "Long Notes A", phone: "07400 950001", notes: "a".repeat(1500) });
    const duplicate = await createTestClient({ name: "Long Notes B", phone: "07400 950002", notes: "b".repeat(1500) });
    const { status, body } = await json(
      await call(
        clientMerge.action,
        makeRequest("POST", `/api/clients/${kept.id}/merge`, {
          token: admin.token,
          body: { duplicateClientId: duplicate.id },
        }),
        { id: String(kept.id) },
      ),
    );
    expect(status).toBe(400);
    expect(body.message).toContain("notes together are longer than 2000 characters");
    expect((await db.select().from(clients).where(eq(clients.id, duplicate.id))).length).toBe(1);
  });
});
