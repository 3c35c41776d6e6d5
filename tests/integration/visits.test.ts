// Visits (decision 0109): several services booked together for one client, each line an
// ordinary appointment sharing a visit id, checked through the one rule chain and written
// whole or not at all; moved, edited and deleted with "this service only" or "the whole
// visit"; each line counts as its own appointment in reports and the calendar feed.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments } from "#db/schema";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as feedRoute from "~/routes/feeds.$file";
import { buildReport } from "~/domain/reports.server";
import { issueCalendarFeed } from "~/domain/calendar-feed.server";
import { VisitBookingAnswerSchema } from "~/lib/schemas/appointments";
import * as newDialog from "~/routes/_app.calendar.appointments.new";
import * as editDialog from "~/routes/_app.calendar.appointments.$appointmentId";
import { call, json, makeRequest, payloadOf, statusOf } from "../factories";
import { createClient, createService, stylistSession } from "../calendar-factories";
import { pinClock } from "../clock";

// Saturday 20 March 2027, a week before the spring clock change (Sunday 28 March in London).
pinClock("2027-03-20T09:00:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let kim: Session;
let display: Session;
let cut: Awaited<ReturnType<typeof createService>>;
let colour: Awaited<ReturnType<typeof createService>>;
let blowDry: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  display = await stylistSession("display");
  cut = await createService({ name: "Cut", price: 3000, duration: 45 });
  colour = await createService({ name: "Colour", price: 6000, duration: 60 });
  blowDry = await createService({ name: "Blow-dry", price: 2500, duration: 30 });
  client = await createClient({ name: "Visiting Vera" });
});

const post = (token: string, body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token, body })).then(json);
const byId = (method: string, token: string, id: number, options: { body?: unknown; query?: string } = {}) =>
  call(
    method === "GET" ? appointmentById.loader : appointmentById.action,
    makeRequest(method, `/api/appointments/${id}${options.query ?? ""}`, { token, body: options.body }),
    { id: String(id) },
  ).then(json);
const linesOf = (visitId: string) =>
  db
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
const countAll = async () => (await db.select({ id: appointments.id }).from(appointments)).length;

/** Cut with Sam, Colour with Kim, Blow-dry with Sam, each following on from the previous. */
const threeLines = () => [
  { serviceId: cut.id, stylistId: sam.stylistId },
  { serviceId: colour.id, stylistId: kim.stylistId },
  { serviceId: blowDry.id, stylistId: sam.stylistId },
];

async function bookThree(startTime: string, token = admin.token) {
  const result = await post(token, { clientId: client.id, startTime, lines: threeLines() });
  expect(result.status).toBe(201);
  return VisitBookingAnswerSchema.parse(result.body);
}

describe("POST /api/appointments with lines", () => {
  it("books a three-line visit with two stylists, each line following on, sharing one visit id", async () => {
    const answer = await bookThree("2027-03-22T10:00:00.000Z");
    expect(answer.appointments.map((line) => [line.startTime, line.endTime])).toEqual([
      ["2027-03-22T10:00:00.000Z", "2027-03-22T10:45:00.000Z"],
      ["2027-03-22T10:45:00.000Z", "2027-03-22T11:45:00.000Z"],
      ["2027-03-22T11:45:00.000Z", "2027-03-22T12:15:00.000Z"],
    ]);
    expect(answer.appointments.every((line) => line.visitId === answer.visitId)).toBe(true);
    expect(answer.appointments.map((line) => line.stylistId)).toEqual([sam.stylistId, kim.stylistId, sam.stylistId]);
    expect(answer.appointments.map((line) => line.price)).toEqual([3000, 6000, 2500]);
    expect(answer.appointments.every((line) => line.clientId === client.id)).toBe(true);
    // Each line is an ordinary appointment: GET answers it with its visit id.
    const one = await byId("GET", admin.token, answer.appointments[1]!.id);
    expect(one.body).toMatchObject({ visitId: answer.visitId, service: { name: "Colour" } });
  });

  it("takes a line's own start and duration", async () => {
    const result = await post(admin.token, {
      clientId: client.id,
      startTime: "2027-03-23T10:00:00.000Z",
      lines: [
        { serviceId: cut.id, stylistId: sam.stylistId, durationMinutes: 30 },
        { serviceId: colour.id, stylistId: kim.stylistId, startTime: "2027-03-23T11:00:00.000Z" },
      ],
    });
    expect(result.status).toBe(201);
    expect(result.body.appointments.map((line: { startTime: string; endTime: string }) => line.endTime)).toEqual([
      "2027-03-23T10:30:00.000Z",
      "2027-03-23T12:00:00.000Z",
    ]);
  });

  it("writes nothing when one line is refused, and the refusal names the line", async () => {
    const clash = await post(admin.token, {
      clientId: client.id,
      stylistId: kim.stylistId,
      serviceId: cut.id,
      startTime: "2027-03-24T11:00:00.000Z",
    });
    expect(clash.status).toBe(201);
    const before = await countAll();
    const result = await post(admin.token, {
      clientId: client.id,
      startTime: "2027-03-24T10:00:00.000Z",
      lines: threeLines(),
    });
    expect(result.status).toBe(409);
    expect(result.body.message).toMatch(/^Line 2 \(Colour with [^)]+\): .* already has Visiting Vera \(Cut\)/);
    expect(await countAll()).toBe(before);
  });

  it("refuses a line off the grid as 400 naming it, and lines beyond six or none", async () => {
    const late = await post(admin.token, {
      clientId: client.id,
      startTime: "2027-03-25T21:45:00.000Z",
      availabilityOverride: true,
      lines: threeLines(),
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^Line 2 \(Colour with /);
    const many = await post(admin.token, {
      clientId: client.id,
      startTime: "2027-03-25T08:00:00.000Z",
      lines: Array.from({ length: 7 }, () => ({ serviceId: blowDry.id, stylistId: sam.stylistId })),
    });
    expect(many.status).toBe(400);
    const none = await post(admin.token, { clientId: client.id, startTime: "2027-03-25T08:00:00.000Z", lines: [] });
    expect(none.status).toBe(400);
  });
});

describe("moving, editing and deleting a visit", () => {
  it("moves the whole visit across the spring clock change keeping wall-clock times, each line in its column", async () => {
    // Friday 26 March (GMT) 10:00 → Monday 29 March (BST) 10:00, which is 09:00 UTC.
    const answer = await bookThree("2027-03-26T10:00:00.000Z");
    const moved = await byId("PATCH", admin.token, answer.appointments[0]!.id, {
      body: { startTime: "2027-03-29T09:00:00.000Z", visitScope: "visit" },
    });
    expect(moved.status).toBe(200);
    const lines = await linesOf(answer.visitId);
    expect(lines.map((line) => [line.startTime, line.endTime, line.stylistId])).toEqual([
      ["2027-03-29T09:00:00.000Z", "2027-03-29T09:45:00.000Z", sam.stylistId],
      ["2027-03-29T09:45:00.000Z", "2027-03-29T10:45:00.000Z", kim.stylistId],
      ["2027-03-29T10:45:00.000Z", "2027-03-29T11:15:00.000Z", sam.stylistId],
    ]);
  });

  it("moves a visit later with back-to-back lines of one stylist, and this service only when asked", async () => {
    const result = await post(admin.token, {
      clientId: client.id,
      startTime: "2027-03-30T10:00:00.000Z",
      lines: [
        { serviceId: cut.id, stylistId: sam.stylistId },
        { serviceId: blowDry.id, stylistId: sam.stylistId },
      ],
    });
    const [first, second] = result.body.appointments as { id: number }[];
    const later = await byId("PATCH", admin.token, first!.id, {
      body: { startTime: "2027-03-30T10:30:00.000Z", visitScope: "visit" },
    });
    expect(later.status).toBe(200);
    const only = await byId("PATCH", admin.token, second!.id, { body: { startTime: "2027-03-30T12:00:00.000Z" } });
    expect(only.status).toBe(200);
    const lines = await linesOf(result.body.visitId);
    expect(lines.map((line) => line.startTime)).toEqual(["2027-03-30T10:30:00.000Z", "2027-03-30T12:00:00.000Z"]);
  });

  it("refuses the whole move when one line cannot follow, naming it, and moves nothing", async () => {
    const answer = await bookThree("2027-03-31T10:00:00.000Z");
    await post(admin.token, {
      clientId: client.id,
      stylistId: kim.stylistId,
      serviceId: cut.id,
      startTime: "2027-03-31T14:00:00.000Z",
    });
    const refused = await byId("PATCH", admin.token, answer.appointments[0]!.id, {
      body: { startTime: "2027-03-31T13:30:00.000Z", visitScope: "visit" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Line 2 \(Colour with /);
    const lines = await linesOf(answer.visitId);
    expect(lines.map((line) => line.startTime)).toEqual(answer.appointments.map((line) => line.startTime));
  });

  it("cancels the whole visit with PUT visitScope visit, and deletes it whole with DELETE", async () => {
    const answer = await bookThree("2027-04-01T10:00:00.000Z");
    const first = answer.appointments[0]!;
    const cancelled = await byId("PUT", admin.token, first.id, {
      body: {
        clientId: client.id,
        stylistId: first.stylistId,
        serviceId: first.serviceId,
        startTime: first.startTime,
        status: "cancelled",
        visitScope: "visit",
      },
    });
    expect(cancelled.status).toBe(200);
    expect((await linesOf(answer.visitId)).map((line) => line.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    // Asking for both scopes is refused.
    const both = await byId("DELETE", admin.token, first.id, { query: "?scope=following&visitScope=visit" });
    expect(both.status).toBe(400);
    const deleted = await byId("DELETE", admin.token, answer.appointments[1]!.id, { query: "?visitScope=visit" });
    expect(deleted.status).toBe(200);
    expect(await linesOf(answer.visitId)).toEqual([]);
  });

  it("deletes this service only by default", async () => {
    const answer = await bookThree("2027-04-02T10:00:00.000Z");
    const deleted = await byId("DELETE", admin.token, answer.appointments[2]!.id);
    expect(deleted.status).toBe(200);
    expect(await linesOf(answer.visitId)).toHaveLength(2);
  });
});

describe("permissions: the refused side", () => {
  it("refuses a display account a visit, and a stylist a line in another stylist's column (nothing written)", async () => {
    const shown = await post(display.token, {
      clientId: client.id,
      startTime: "2027-04-05T10:00:00.000Z",
      lines: threeLines(),
    });
    expect(shown.status).toBe(403);
    const before = await countAll();
    const other = await post(sam.token, {
      clientId: client.id,
      startTime: "2027-04-05T10:00:00.000Z",
      lines: threeLines(),
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/^Line 2 \(Colour with /);
    expect(await countAll()).toBe(before);
    const own = await post(sam.token, {
      clientId: client.id,
      startTime: "2027-04-05T10:00:00.000Z",
      lines: [
        { serviceId: cut.id, stylistId: sam.stylistId },
        { serviceId: blowDry.id, stylistId: sam.stylistId },
      ],
    });
    expect(own.status).toBe(201);
  });

  it("lets a stylist move their own line only, not the whole visit with a colleague's line", async () => {
    const answer = await bookThree("2027-04-06T10:00:00.000Z");
    const whole = await byId("PATCH", sam.token, answer.appointments[0]!.id, {
      body: { startTime: "2027-04-06T10:15:00.000Z", visitScope: "visit" },
    });
    expect(whole.status).toBe(403);
    expect(whole.body.message).toMatch(/^Line 2 \(Colour with .*another stylist's column/);
    const removed = await byId("DELETE", sam.token, answer.appointments[0]!.id, { query: "?visitScope=visit" });
    expect(removed.status).toBe(403);
    expect(await linesOf(answer.visitId)).toHaveLength(3);
    const own = await byId("PATCH", sam.token, answer.appointments[2]!.id, {
      body: { startTime: "2027-04-06T13:00:00.000Z" },
    });
    expect(own.status).toBe(200);
  });
});

describe("each line counts as its own appointment", () => {
  it("in reports and in the stylist's calendar feed", async () => {
    // A visit earlier this week, its lines completed.
    const answer = await bookThree("2027-03-15T10:00:00.000Z");
    for (const line of answer.appointments)
      await db.update(appointments).set({ status: "completed" }).where(eq(appointments.id, line.id));
    const report = await buildReport(admin.user, { period: "custom", from: "2027-03-15", to: "2027-03-15" });
    expect(report.appointments).toBe(3);
    expect(report.completedCount).toBe(3);
    expect(report.totalRevenue).toBe(3000 + 6000 + 2500);
    const bySam = report.stylists.find((row) => row.stylistId === sam.stylistId);
    expect(bySam).toMatchObject({ appointments: 2, completed: 2, revenue: 5500 });

    const { token } = await issueCalendarFeed(admin.user, sam.stylistId);
    const response = (await call(feedRoute.loader, makeRequest("GET", `/feeds/${token}.ics`), {
      file: `${token}.ics`,
    })) as Response;
    const text = await response.text();
    expect(text).toContain(`UID:appointment-${answer.appointments[0]!.id}@`);
    expect(text).toContain(`UID:appointment-${answer.appointments[2]!.id}@`);
    expect(text).not.toContain(`UID:appointment-${answer.appointments[1]!.id}@`);
  });
});

describe("the booking dialog's services (without JavaScript: submit buttons)", () => {
  const form = (extra: Record<string, string> = {}) => ({
    intent: "create",
    clientId: String(client.id),
    clientName: "Visiting Vera",
    stylistId: String(sam.stylistId),
    serviceId: String(cut.id),
    date: "2027-04-07",
    time: "10:00",
    status: "scheduled",
    durationFromService: "on",
    ...extra,
  });
  const submit = (fields: Record<string, string>) =>
    call(newDialog.action, makeRequest("POST", "/calendar/appointments/new", { cookie: admin.cookie, form: fields }));

  it("adds a line with the previous stylist, removes one, then books the visit following on", async () => {
    const added = await submit(form({ addLine: "1" }));
    expect(statusOf(added)).toBe(200);
    expect(payloadOf(added).result.initialValue).toMatchObject({
      lineCount: "1",
      line2StylistId: String(sam.stylistId),
    });
    const twice = await submit(
      form({ lineCount: "1", line2ServiceId: String(colour.id), line2StylistId: String(kim.stylistId), addLine: "1" }),
    );
    expect(payloadOf(twice).result.initialValue).toMatchObject({
      lineCount: "2",
      line2ServiceId: String(colour.id),
      line3StylistId: String(kim.stylistId),
    });
    const removed = await submit(
      form({
        lineCount: "2",
        line2ServiceId: String(colour.id),
        line2StylistId: String(kim.stylistId),
        line3ServiceId: String(blowDry.id),
        line3StylistId: String(sam.stylistId),
        removeLine: "2",
      }),
    );
    expect(payloadOf(removed).result.initialValue).toMatchObject({
      lineCount: "1",
      line2ServiceId: String(blowDry.id),
      line2StylistId: String(sam.stylistId),
    });

    const booked = await submit(
      form({
        lineCount: "2",
        line2ServiceId: String(colour.id),
        line2StylistId: String(kim.stylistId),
        line3ServiceId: String(blowDry.id),
        line3StylistId: String(sam.stylistId),
        line3Time: "12:00",
      }),
    );
    expect(statusOf(booked)).toBe(302);
    const rows = await db
      .select()
      .from(appointments)
      .where(eq(appointments.clientId, client.id))
      .orderBy(asc(appointments.startTime));
    const visit = rows.filter((row) => row.startTime.startsWith("2027-04-07"));
    // 10:00 BST is 09:00 UTC; the blow-dry at its own time, 12:00 BST.
    expect(visit.map((row) => [row.startTime, row.endTime])).toEqual([
      ["2027-04-07T09:00:00.000Z", "2027-04-07T09:45:00.000Z"],
      ["2027-04-07T09:45:00.000Z", "2027-04-07T10:45:00.000Z"],
      ["2027-04-07T11:00:00.000Z", "2027-04-07T11:30:00.000Z"],
    ]);
    expect(new Set(visit.map((row) => row.visitId)).size).toBe(1);
    expect(visit[0]!.visitId).not.toBeNull();
  });

  it("names a line without a service as a field error and books nothing", async () => {
    const before = await countAll();
    const refused = await submit(form({ date: "2027-04-08", lineCount: "1", line2StylistId: String(kim.stylistId) }));
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf(refused).result.error).toMatchObject({ line2ServiceId: ["Choose service 2"] });
    expect(await countAll()).toBe(before);
  });

  it("edits and deletes with 'This service only / The whole visit', listing the other lines", async () => {
    const answer = await bookThree("2027-04-09T09:00:00.000Z");
    const [first, second] = answer.appointments;
    const loaded = payloadOf(
      await call(
        editDialog.loader,
        makeRequest("GET", `/calendar/appointments/${second!.id}`, { cookie: admin.cookie }),
        { appointmentId: String(second!.id) },
      ),
    );
    expect(loaded.visitSiblings.map((line: { id: number }) => line.id)).toEqual([
      first!.id,
      answer.appointments[2]!.id,
    ]);
    const moved = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${first!.id}`, {
        cookie: admin.cookie,
        form: {
          intent: "update",
          clientId: String(client.id),
          clientName: "Visiting Vera",
          stylistId: String(sam.stylistId),
          serviceId: String(cut.id),
          date: "2027-04-09",
          time: "11:00",
          duration: "45",
          status: "scheduled",
          visitScope: "visit",
        },
      }),
      { appointmentId: String(first!.id) },
    );
    expect(statusOf(moved)).toBe(302);
    expect((await linesOf(answer.visitId)).map((line) => line.startTime)).toEqual([
      "2027-04-09T10:00:00.000Z",
      "2027-04-09T10:45:00.000Z",
      "2027-04-09T11:45:00.000Z",
    ]);
    const deleted = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${second!.id}`, {
        cookie: admin.cookie,
        form: { intent: "delete", visitScope: "visit" },
      }),
      { appointmentId: String(second!.id) },
    );
    expect(statusOf(deleted)).toBe(302);
    expect(await linesOf(answer.visitId)).toEqual([]);
  });
});
