// Patch tests before colour services (decision 0126): a client's tests (recorded by the
// signed-in user, never changed or deleted, gone with the client, in the export, following a
// merge), the rule in the one booking chain (the warning and its confirmation in the
// history, a failed test refused unless an administrator overrides with a reason, the lead
// hours in real hours across a change of the clocks) and the online refusal that reveals
// nothing. The clock: Friday 23 October 2026, 12:00 in London (13:00 BST); the clocks go
// back at 02:00 BST on Sunday 25 October.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointmentHistory, patchTests } from "#db/schema";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as appointmentHistoryApi from "~/routes/api.appointments.$id.history";
import * as patchTestsApi from "~/routes/api.clients.$id.patch-tests";
import * as serviceList from "~/routes/api.services._index";
import { APPOINTMENT_RULES } from "~/domain/appointment-rules.server";
import { eraseClient, exportClientData } from "~/domain/gdpr.server";
import { mergeClients } from "~/domain/client-merge.server";
import { deleteClient } from "~/domain/clients.server";
import { findingsFor } from "~/domain/patch-tests.server";
import { ONLINE_PATCH_TEST } from "~/lib/patch-tests";
import { pinClock } from "../clock";
import { call, json, makeRequest } from "../factories";
import { createClient, createService, setBookingRules, stylistSession } from "../calendar-factories";
import { book, solvedPayload, switchOn } from "../online-booking-factories";
import { noticesSettled } from "~/domain/client-notices.server";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";

pinClock("2026-10-23T12:00:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let display: Session;
let bea: Session;
let colour: Awaited<ReturnType<typeof createService>>;
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
  fake.useForAll();
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  display = await stylistSession("display");
  // The column the administrator books in.
  bea = await stylistSession("stylist");
  colour = await createService({ name: "Full Colour", duration: 60, requiresPatchTest: true });
});
afterAll(async () => {
  await noticesSettled();
  await fake.close();
});
beforeEach(() => setBookingRules({ bookingAdvanceLimit: 60, cancellationNotice: 24 }));

const recordTest = (token: string, clientId: number, body: unknown) =>
  call(patchTestsApi.action, makeRequest("POST", `/api/clients/${clientId}/patch-tests`, { token, body }), {
    id: String(clientId),
  }).then(json);
const listTests = (token: string, clientId: number) =>
  call(patchTestsApi.loader, makeRequest("GET", `/api/clients/${clientId}/patch-tests`, { token }), {
    id: String(clientId),
  }).then(json);
const post = (token: string, body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token, body })).then(json);
const put = (token: string, id: number, body: unknown) =>
  call(appointmentById.action, makeRequest("PUT", `/api/appointments/${id}`, { token, body }), {
    id: String(id),
  }).then(json);
const historyOf = (token: string, id: number) =>
  call(appointmentHistoryApi.loader, makeRequest("GET", `/api/appointments/${id}/history`, { token }), {
    id: String(id),
  }).then(json);
const booking = (clientId: number, stylistId: number, startTime: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  stylistId,
  serviceId: colour.id,
  startTime,
  availabilityOverride: true,
  ...extra,
});
// Monday 2 November 2026 in London (GMT): a working day for stylists; each test its own hour.
const MONDAY = "2026-11-02T10:00:00.000Z";
const monday = (hour: number) => `2026-11-02T${String(hour).padStart(2, "0")}:00:00.000Z`;

describe("a client's patch tests", () => {
  it("are recorded by the signed-in user and listed newest first; display accounts neither read nor record them", async () => {
    const client = await createClient({ name: "Patch Listed" });
    const first = await recordTest(sam.token, client.id, {
      testedAt: "2026-10-01T09:00:00Z",
      result: "pass",
      product: "Majirel 6.0",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      clientId: client.id,
      testedAt: "2026-10-01T09:00:00.000Z",
      result: "pass",
      product: "Majirel 6.0",
      notes: null,
      recordedBy: { id: sam.user.id },
    });
    await recordTest(admin.token, client.id, { testedAt: "2026-10-20T09:00:00Z", result: "fail", notes: "Redness" });
    const listed = await listTests(sam.token, client.id);
    expect(listed.status).toBe(200);
    expect(listed.body.map((test: { result: string }) => test.result)).toEqual(["fail", "pass"]);

    expect(
      (await recordTest(display.token, client.id, { testedAt: "2026-10-01T09:00:00Z", result: "pass" })).status,
    ).toBe(403);
    expect((await listTests(display.token, client.id)).status).toBe(403);
  });

  it("refuses a test in the future, an unknown result and an unknown client", async () => {
    const client = await createClient({ name: "Patch Future" });
    const future = await recordTest(sam.token, client.id, { testedAt: "2026-10-24T09:00:00Z", result: "pass" });
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/cannot be recorded before it is done/);
    expect((await recordTest(sam.token, client.id, { testedAt: "2026-10-01T09:00:00Z", result: "maybe" })).status).toBe(
      400,
    );
    expect((await recordTest(sam.token, 999_999, { testedAt: "2026-10-01T09:00:00Z", result: "pass" })).status).toBe(
      404,
    );
  });

  it("cannot be changed or deleted while the client exists (the database refuses)", async () => {
    const client = await createClient({ name: "Patch Frozen" });
    const { body } = await recordTest(sam.token, client.id, { testedAt: "2026-10-01T09:00:00Z", result: "fail" });
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => "written",
        (error: Error & { cause?: unknown }) => String(error.cause ?? error),
      );
    expect(await refusal(db.run(sql`update patch_tests set result = 'pass' where id = ${body.id}`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db.run(sql`delete from patch_tests where id = ${body.id}`))).toMatch(/append-only/);
    const [row] = await db.select().from(patchTests).where(eq(patchTests.id, body.id));
    expect(row!.result).toBe("fail");
  });

  it("are in the client's export, follow a merge to the kept client, and go with a deletion or an erasure", async () => {
    const kept = await createClient({ name: "Patch Kept" });
    const duplicate = await createClient({ name: "Patch Duplicate" });
    await recordTest(sam.token, duplicate.id, { testedAt: "2026-10-01T09:00:00Z", result: "pass", notes: "Fine" });
    await mergeClients(admin.user, kept.id, duplicate.id);
    expect((await listTests(admin.token, kept.id)).body).toHaveLength(1);

    const exported = await exportClientData(admin.user, kept.id);
    expect(exported.data.patchTests).toEqual([
      expect.objectContaining({ testedAt: "2026-10-01T09:00:00.000Z", result: "pass", notes: "Fine" }),
    ]);

    const erased = await eraseClient(admin.user, kept.id);
    expect(erased.patchTestsDeleted).toBe(1);
    expect(await db.select().from(patchTests).where(eq(patchTests.clientId, kept.id))).toEqual([]);

    const deleted = await createClient({ name: "Patch Deleted" });
    await recordTest(sam.token, deleted.id, { testedAt: "2026-10-01T09:00:00Z", result: "pass" });
    await deleteClient(admin.user, deleted.id);
    expect(await db.select().from(patchTests).where(eq(patchTests.clientId, deleted.id))).toEqual([]);
  });
});

describe("services' patch-test terms", () => {
  it("are set through /api/services with their defaults", async () => {
    const created = await call(
      serviceList.action,
      makeRequest("POST", "/api/services", {
        token: admin.token,
        body: { name: "Root Tint", category: "Colour", duration: 60, price: 5000, requiresPatchTest: true },
      }),
    ).then(json);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ requiresPatchTest: true, patchTestValidDays: 180, patchTestLeadHours: 48 });
    const refused = await call(
      serviceList.action,
      makeRequest("POST", "/api/services", {
        token: admin.token,
        body: { name: "Bad Tint", category: "Colour", duration: 60, price: 5000, patchTestLeadHours: -1 },
      }),
    ).then(json);
    expect(refused.status).toBe(400);
  });
});

describe("booking a service that needs a patch test", () => {
  it("is the last rule of the one chain", () => {
    expect(APPOINTMENT_RULES.at(-1)!.name).toBe("a valid patch test before a service that needs one");
  });

  it("warns staff when the client has none (409 patch_test_required), and books with the confirmation, recorded with who confirmed", async () => {
    const client = await createClient({ name: "Patch Missing" });
    const refused = await post(sam.token, booking(client.id, sam.stylistId, MONDAY, { availabilityOverride: false }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "patch_test_required", patchTest: "missing" });
    expect(refused.body.message).toMatch(/Full Colour needs a passed patch test at least 48 hours before/);

    const booked = await post(
      sam.token,
      booking(client.id, sam.stylistId, MONDAY, { availabilityOverride: false, patchTestConfirmed: true }),
    );
    expect(booked.status).toBe(201);
    const history = await historyOf(sam.token, booked.body.id);
    expect(history.body[0]).toMatchObject({
      kind: "created",
      actor: { id: sam.user.id },
      patchTest: { finding: "missing", overrideReason: null },
    });
  });

  it("counts the lead hours in real hours across the change of the clocks", async () => {
    const client = await createClient({ name: "Patch Clocks" });
    // Friday 23 October, 10:00 BST.
    await recordTest(sam.token, client.id, { testedAt: "2026-10-23T09:00:00Z", result: "pass" });
    // Sunday 25 October, 08:45 GMT: 47¾ hours later (46¾ on the wall): too recent.
    const early = await post(admin.token, booking(client.id, bea.stylistId, "2026-10-25T08:45:00.000Z"));
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "patch_test_required", patchTest: "too_recent" });
    // Sunday 25 October, 09:00 GMT: 48 real hours later although the wall clock shows 47.
    const onTime = await post(admin.token, booking(client.id, bea.stylistId, "2026-10-25T09:00:00.000Z"));
    expect(onTime.status, JSON.stringify(onTime.body)).toBe(201);
  });

  it("finds an expired test after the valid days", async () => {
    const client = await createClient({ name: "Patch Expired" });
    await recordTest(sam.token, client.id, { testedAt: "2026-04-01T09:00:00Z", result: "pass" });
    // 1 April + 180 days = 28 September: valid until then, expired on 2 November.
    const refused = await post(admin.token, booking(client.id, bea.stylistId, MONDAY));
    expect(refused.body).toMatchObject({ code: "patch_test_required", patchTest: "expired" });
  });

  it("refuses after a failed test unless an administrator overrides it with a reason; a stylist's override is refused", async () => {
    const client = await createClient({ name: "Patch Failed" });
    await recordTest(sam.token, client.id, { testedAt: "2026-10-01T09:00:00Z", result: "pass" });
    await recordTest(sam.token, client.id, { testedAt: "2026-10-10T09:00:00Z", result: "fail" });
    const base = booking(client.id, sam.stylistId, monday(11), { availabilityOverride: false });

    const confirmedOnly = await post(sam.token, { ...base, patchTestConfirmed: true });
    expect(confirmedOnly.status).toBe(409);
    expect(confirmedOnly.body).toMatchObject({ code: "patch_test_required", patchTest: "failed" });
    expect(confirmedOnly.body.message).toMatch(/latest patch test failed/);

    const stylistOverride = await post(sam.token, {
      ...base,
      patchTestConfirmed: true,
      overrideReason: "Client insists",
    });
    expect(stylistOverride.status).toBe(403);
    expect(stylistOverride.body.message).toMatch(/Only an administrator/);

    const adminOverride = await post(admin.token, {
      ...base,
      patchTestConfirmed: true,
      overrideReason: "Doctor's letter: the reaction was to another product",
    });
    expect(adminOverride.status, JSON.stringify(adminOverride.body)).toBe(201);
    const history = await historyOf(admin.token, adminOverride.body.id);
    expect(history.body[0]).toMatchObject({
      actor: { id: admin.user.id },
      patchTest: { finding: "failed", overrideReason: "Doctor's letter: the reaction was to another product" },
    });

    // Erasing the client erases the reason with the rest of what the history says about them.
    await eraseClient(admin.user, client.id);
    const [entry] = await db
      .select({ reason: appointmentHistory.patchTestReason, finding: appointmentHistory.patchTest })
      .from(appointmentHistory)
      .where(eq(appointmentHistory.appointmentId, adminOverride.body.id));
    expect(entry).toEqual({ reason: "[erased]", finding: "failed" });
  });

  it("is not asked again for an edit of the notes, but is when the service changes", async () => {
    const client = await createClient({ name: "Patch Edit" });
    const cut = await createService({ name: "Patch Cut", duration: 60 });
    const booked = await post(admin.token, { ...booking(client.id, bea.stylistId, MONDAY), serviceId: cut.id });
    expect(booked.status).toBe(201);
    const toColour = await put(admin.token, booked.body.id, { ...booking(client.id, bea.stylistId, MONDAY) });
    expect(toColour.body).toMatchObject({ code: "patch_test_required", patchTest: "missing" });
    const confirmed = await put(admin.token, booked.body.id, {
      ...booking(client.id, bea.stylistId, MONDAY),
      patchTestConfirmed: true,
    });
    expect(confirmed.status).toBe(200);
    const notes = await put(admin.token, booked.body.id, {
      ...booking(client.id, bea.stylistId, MONDAY),
      notes: "Bring a towel",
    });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
  });

  it("passes a client with a valid test without a word", async () => {
    const client = await createClient({ name: "Patch Valid" });
    await recordTest(sam.token, client.id, { testedAt: "2026-10-01T09:00:00Z", result: "pass" });
    const booked = await post(
      sam.token,
      booking(client.id, sam.stylistId, monday(13), { availabilityOverride: false }),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await historyOf(sam.token, booked.body.id)).body[0].patchTest).toBeUndefined();
  });

  it("gives the calendar's marker per appointment: missing, too recent, expired, failed or none", async () => {
    const none = await createClient({ name: "Marker None" });
    const recent = await createClient({ name: "Marker Recent" });
    const valid = await createClient({ name: "Marker Valid" });
    await recordTest(sam.token, recent.id, { testedAt: "2026-10-23T09:00:00Z", result: "pass" });
    await recordTest(sam.token, valid.id, { testedAt: "2026-10-01T09:00:00Z", result: "pass" });
    const cut = await createService({ name: "Marker Cut" });
    const findings = await findingsFor(db, [
      { id: 1, clientId: none.id, serviceId: colour.id, startTime: MONDAY },
      { id: 2, clientId: recent.id, serviceId: colour.id, startTime: "2026-10-24T10:00:00.000Z" },
      { id: 3, clientId: valid.id, serviceId: colour.id, startTime: MONDAY },
      { id: 4, clientId: none.id, serviceId: cut.id, startTime: MONDAY },
      { id: 5, clientId: null, serviceId: null, startTime: MONDAY },
    ]);
    expect(Object.fromEntries(findings)).toEqual({ 1: "missing", 2: "too_recent" });
  });
});

describe("online booking of a service that needs a patch test", () => {
  beforeEach(async () => {
    await noticesSettled();
    await switchOn();
  });

  it("is refused with one message asking for a patch test, whether the client has a valid test or none", async () => {
    const known = await createClient({ name: "Olive Online", phone: "07400 555001" });
    await recordTest(sam.token, known.id, { testedAt: "2026-10-01T09:00:00Z", result: "pass" });
    const answers = [];
    for (const [firstName, lastName, phone] of [
      ["Olive", "Online", "07400 555001"],
      ["Newt", "Online", "07400 555002"],
    ])
      answers.push(
        await book({
          serviceId: colour.id,
          stylistId: sam.stylistId,
          start: "2026-10-27T11:00:00.000Z",
          firstName,
          lastName,
          phone,
          consent: true,
          altcha: await solvedPayload(),
        }),
      );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(ONLINE_PATCH_TEST);
      expect(JSON.stringify(answer.body)).not.toMatch(/patch_test_required|missing|failed|expired|too_recent/);
    }
    expect(answers[0]!.body).toEqual(answers[1]!.body);
  });
});
