// Repeat bookings (decision 0087): a series is ordinary appointments
// carrying one series id, booked in one transaction; "this and following" changes and
// deletes reach only the later occurrences still to come.
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, clients, timeOff } from "#db/schema";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as newDialog from "~/routes/_app.calendar.appointments.new";
import * as editDialog from "~/routes/_app.calendar.appointments.$appointmentId";
import { SeriesBookingAnswerSchema } from "~/lib/schemas/appointments";
import { call, json, makeRequest, payloadOf, statusOf } from "../factories";
import { createClient, createService, stylistSession } from "../calendar-factories";
import { pinClock } from "../clock";

// Written against calendar dates ("3 and 17 Nov are past; 1, 15 and 29 Dec are to come"):
// the file's clock stands at Wednesday 25 November 2026, whatever the day.
pinClock("2026-11-25T10:30:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let kim: Session;
let display: Session;
let service: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  display = await stylistSession("display");
  service = await createService({ name: "Root Colour", price: 6000, duration: 60 });
  client = await createClient({ name: "Regular Rita" });
});

const post = (token: string, body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token, body })).then(json);
const series = (
  token: string,
  stylistId: number,
  startTime: string,
  repeat: unknown,
  extra: Record<string, unknown> = {},
) =>
  post(token, {
    clientId: client.id,
    stylistId,
    serviceId: service.id,
    startTime,
    status: "scheduled",
    repeat,
    ...extra,
  });
const byId = (method: string, token: string, id: number, options: { body?: unknown; query?: string } = {}) =>
  call(
    appointmentById.action,
    makeRequest(method, `/api/appointments/${id}${options.query ?? ""}`, { token, body: options.body }),
    { id: String(id) },
  ).then(json);
const rowsOf = (seriesId: string) =>
  db.select().from(appointments).where(eq(appointments.seriesId, seriesId)).orderBy(asc(appointments.startTime));

describe("POST /api/appointments with repeat", () => {
  it("books every free occurrence with one series id and reports the clash and the time off it refused", async () => {
    // Tuesdays 10:00 UTC (GMT in winter): the second clashes with a booking, the third is in time off.
    const clash = await post(admin.token, {
      clientId: client.id,
      stylistId: kim.stylistId,
      serviceId: service.id,
      startTime: "2027-01-12T10:30:00.000Z",
      status: "scheduled",
    });
    expect(clash.status).toBe(201);
    await db
      .insert(timeOff)
      .values({ stylistId: kim.stylistId, startDate: "2027-01-19", endDate: "2027-01-19", reason: "Course" });

    const result = await series(admin.token, kim.stylistId, "2027-01-05T10:00:00.000Z", { everyWeeks: 1, count: 4 });
    expect(result.status).toBe(201);
    const answer = SeriesBookingAnswerSchema.parse(result.body);
    expect(answer.created.map((appointment) => appointment.startTime)).toEqual([
      "2027-01-05T10:00:00.000Z",
      "2027-01-26T10:00:00.000Z",
    ]);
    expect(answer.created.every((appointment) => appointment.seriesId === answer.seriesId)).toBe(true);
    expect(answer.refused).toHaveLength(2);
    expect(answer.refused[0]).toMatchObject({
      startTime: "2027-01-12T10:00:00.000Z",
      date: "2027-01-12",
      time: "10:00",
    });
    expect(answer.refused[0]!.reason).toContain("already has Regular Rita (Root Colour)");
    expect(answer.refused[1]).toMatchObject({ startTime: "2027-01-19T10:00:00.000Z" });
    expect(answer.refused[1]!.reason).toContain("time off");
    expect((await rowsOf(answer.seriesId)).map((row) => row.startTime)).toEqual([
      "2027-01-05T10:00:00.000Z",
      "2027-01-26T10:00:00.000Z",
    ]);
    // Each occurrence is an ordinary appointment: GET answers it with its series id.
    const one = await call(
      appointmentById.loader,
      makeRequest("GET", `/api/appointments/${answer.created[1]!.id}`, { token: admin.token }),
      { id: String(answer.created[1]!.id) },
    ).then(json);
    expect(one.body).toMatchObject({ seriesId: answer.seriesId, price: 6000, client: { name: "Regular Rita" } });
  });

  it("repeats until a date, inclusive, every N weeks", async () => {
    const result = await series(admin.token, sam.stylistId, "2027-02-02T11:00:00.000Z", {
      everyWeeks: 2,
      until: "2027-03-02",
    });
    expect(result.status).toBe(201);
    expect(result.body.created.map((appointment: { startTime: string }) => appointment.startTime)).toEqual([
      "2027-02-02T11:00:00.000Z",
      "2027-02-16T11:00:00.000Z",
      "2027-03-02T11:00:00.000Z",
    ]);
    expect(result.body.refused).toEqual([]);
  });

  it("keeps the wall-clock time across the late-March and late-October clock changes", async () => {
    const spring = await series(admin.token, sam.stylistId, "2027-03-16T10:00:00.000Z", { everyWeeks: 1, count: 3 });
    expect(spring.body.created.map((appointment: { startTime: string }) => appointment.startTime)).toEqual([
      "2027-03-16T10:00:00.000Z",
      "2027-03-23T10:00:00.000Z",
      "2027-03-30T09:00:00.000Z",
    ]);
    // 10:00 in London is 09:00 UTC in summer time and 10:00 UTC after the clocks go back.
    const autumn = await series(admin.token, sam.stylistId, "2027-10-19T09:00:00.000Z", { everyWeeks: 1, count: 3 });
    expect(
      autumn.body.created.map((appointment: { startTime: string; endTime: string }) => [
        appointment.startTime,
        appointment.endTime,
      ]),
    ).toEqual([
      ["2027-10-19T09:00:00.000Z", "2027-10-19T10:00:00.000Z"],
      ["2027-10-26T09:00:00.000Z", "2027-10-26T10:00:00.000Z"],
      ["2027-11-02T10:00:00.000Z", "2027-11-02T11:00:00.000Z"],
    ]);
  });

  it("books nothing when none is free (409 with the refusals), and refuses bad repeats with 400", async () => {
    const before = await db.$count(appointments);
    // Sunday: not a working day.
    const sunday = await series(admin.token, sam.stylistId, "2027-04-04T10:00:00.000Z", { everyWeeks: 1, count: 3 });
    expect(sunday.status).toBe(409);
    expect(sunday.body.message).toContain("None of the 3 appointments can be booked");
    expect(sunday.body.refused).toHaveLength(3);
    for (const repeat of [
      { everyWeeks: 13, count: 2 },
      { everyWeeks: 1, count: 53 },
      { everyWeeks: 1, count: 1 },
      { everyWeeks: 1 },
      { everyWeeks: 1, count: 2, until: "2027-05-01" },
    ]) {
      expect((await series(admin.token, sam.stylistId, "2027-04-06T10:00:00.000Z", repeat)).status).toBe(400);
    }
    const tooLong = await series(admin.token, sam.stylistId, "2027-04-06T10:00:00.000Z", {
      everyWeeks: 1,
      until: "2028-06-01",
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain("at most 52 appointments");
    const backwards = await series(admin.token, sam.stylistId, "2027-04-06T10:00:00.000Z", {
      everyWeeks: 1,
      until: "2027-04-01",
    });
    expect(backwards.status).toBe(400);
    expect(await db.$count(appointments)).toBe(before);
  });

  it("is one transaction: a failure midway books nothing", async () => {
    const before = await db.$count(appointments);
    // An injected fault: the database refuses the third occurrence's insert.
    await db.run(
      sql.raw(
        `CREATE TRIGGER fault_injection BEFORE INSERT ON appointments WHEN NEW.start_time = '2027-05-18T09:00:00.000Z' BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
      ),
    );
    try {
      const result = await call(
        appointmentsApi.action,
        makeRequest("POST", "/api/appointments", {
          token: admin.token,
          body: {
            clientId: client.id,
            stylistId: sam.stylistId,
            serviceId: service.id,
            startTime: "2027-05-04T09:00:00.000Z",
            repeat: { everyWeeks: 1, count: 4 },
          },
        }),
      ).then(json);
      expect(result.status).toBe(500);
      expect(await db.$count(appointments)).toBe(before);
      expect(await db.$count(appointments, eq(appointments.startTime, "2027-05-04T09:00:00.000Z"))).toBe(0);
    } finally {
      await db.run(sql.raw("DROP TRIGGER fault_injection"));
    }
  });

  it("holds a stylist to their own column and the advance limit for each occurrence; display only looks", async () => {
    const other = await series(sam.token, kim.stylistId, "2026-12-01T10:00:00.000Z", { everyWeeks: 1, count: 2 });
    expect(other.status).toBe(403);
    const looking = await series(display.token, sam.stylistId, "2026-12-01T10:00:00.000Z", { everyWeeks: 1, count: 2 });
    expect(looking.status).toBe(403);
    // Salon default: 30 days ahead. Weekly from 8 days ahead: the later ones pass the limit.
    const first = new Date(Date.now() + 8 * 86_400_000);
    first.setUTCHours(10, 0, 0, 0);
    const own = await series(sam.token, sam.stylistId, first.toISOString(), { everyWeeks: 1, count: 6 });
    if (own.status !== 201) throw new Error(JSON.stringify(own.body));
    const refusedForLimit = own.body.refused.filter((occurrence: { reason: string }) =>
      occurrence.reason.includes("at most 30 days ahead"),
    );
    expect(refusedForLimit.length).toBeGreaterThanOrEqual(2);
    expect(own.body.created.length + own.body.refused.length).toBe(6);
    // An administrator is not limited.
    const adminOwn = await series(admin.token, sam.stylistId, new Date(first.getTime() + 3_600_000 * 3).toISOString(), {
      everyWeeks: 1,
      count: 6,
    });
    expect(
      adminOwn.body.refused.filter((occurrence: { reason: string }) => occurrence.reason.includes("days ahead")),
    ).toEqual([]);
  });
});

describe("this and following", () => {
  // Every two weeks from 2026-11-03 to 2026-12-29 (all GMT): 3 and 17 Nov are past; 1, 15 and 29 Dec are to come.
  async function pastAndFuture(stylistId = sam.stylistId, hour = "14", clientId = client.id) {
    const result = await series(
      admin.token,
      stylistId,
      `2026-11-03T${hour}:00:00.000Z`,
      { everyWeeks: 2, count: 5 },
      { clientId },
    );
    if (result.status !== 201 || result.body.created.length !== 5) throw new Error(JSON.stringify(result.body));
    return {
      seriesId: result.body.seriesId as string,
      ids: (result.body.created as { id: number }[]).map((appointment) => appointment.id),
    };
  }

  it("PUT with scope following shifts this and the later occurrences still to come by the same wall-clock change; past ones stay", async () => {
    const { seriesId, ids } = await pastAndFuture();
    // The first (3 Nov, past) moves from 14:00 to 15:30, gets new notes and 90 minutes.
    const result = await byId("PUT", admin.token, ids[0]!, {
      body: {
        clientId: client.id,
        stylistId: sam.stylistId,
        serviceId: service.id,
        startTime: "2026-11-03T15:30:00.000Z",
        endTime: "2026-11-03T17:00:00.000Z",
        status: "scheduled",
        notes: "Bring photos",
        scope: "following",
      },
    });
    expect(result.status).toBe(200);
    const rows = await rowsOf(seriesId);
    expect(rows.map((row) => [row.startTime, row.endTime, row.notes])).toEqual([
      ["2026-11-03T15:30:00.000Z", "2026-11-03T17:00:00.000Z", "Bring photos"],
      // 17 Nov is past: untouched.
      ["2026-11-17T14:00:00.000Z", "2026-11-17T15:00:00.000Z", null],
      ["2026-12-01T15:30:00.000Z", "2026-12-01T17:00:00.000Z", "Bring photos"],
      ["2026-12-15T15:30:00.000Z", "2026-12-15T17:00:00.000Z", "Bring photos"],
      ["2026-12-29T15:30:00.000Z", "2026-12-29T17:00:00.000Z", "Bring photos"],
    ]);
  });

  it("without a scope, or with scope this, changes one occurrence only; cancelling the following ones marks them cancelled", async () => {
    const { seriesId, ids } = await pastAndFuture(sam.stylistId, "09");
    const body = {
      clientId: client.id,
      stylistId: sam.stylistId,
      serviceId: service.id,
      startTime: "2026-12-01T09:00:00.000Z",
      status: "scheduled",
      notes: "Only this one",
    };
    expect((await byId("PUT", admin.token, ids[2]!, { body })).status).toBe(200);
    expect((await rowsOf(seriesId)).map((row) => row.notes)).toEqual([null, null, "Only this one", null, null]);
    expect(
      (
        await byId("PUT", admin.token, ids[3]!, {
          body: {
            ...body,
            startTime: "2026-12-15T09:00:00.000Z",
            notes: null,
            status: "cancelled",
            scope: "following",
          },
        })
      ).status,
    ).toBe(200);
    expect((await rowsOf(seriesId)).map((row) => row.status)).toEqual([
      "scheduled",
      "scheduled",
      "scheduled",
      "cancelled",
      "cancelled",
    ]);
  });

  it("refuses the whole change, naming the date, when a later occurrence cannot take it", async () => {
    const { seriesId, ids } = await pastAndFuture(sam.stylistId, "11");
    // Something else sits at 12:00 on 29 Dec.
    const busy = await post(admin.token, {
      clientId: client.id,
      stylistId: sam.stylistId,
      serviceId: service.id,
      startTime: "2026-12-29T12:00:00.000Z",
    });
    expect(busy.status).toBe(201);
    const before = await rowsOf(seriesId);
    const result = await byId("PATCH", admin.token, ids[2]!, {
      body: { startTime: "2026-12-01T12:00:00.000Z", scope: "following" },
    });
    expect(result.status).toBe(409);
    expect(result.body.message).toContain("Tuesday, December 29, 2026");
    expect(await rowsOf(seriesId)).toEqual(before);
  });

  it("a following change keeps the wall-clock shift across the October clock change", async () => {
    // Tuesdays at 10:00 London: 09:00 UTC in summer time, 10:00 UTC after 31 October 2027.
    // A client of its own: Rita is booked at these times with Sam (one client, one chair at a time).
    const other = await createClient({ name: "Autumn Client" });
    const booked = await series(
      admin.token,
      kim.stylistId,
      "2027-10-19T09:00:00.000Z",
      { everyWeeks: 1, count: 3 },
      { clientId: other.id },
    );
    const ids = (booked.body.created as { id: number }[]).map((appointment) => appointment.id);
    const moved = await byId("PATCH", admin.token, ids[0]!, {
      body: { startTime: "2027-10-19T10:30:00.000Z", scope: "following" },
    });
    expect(moved.status).toBe(200);
    // 11:30 on the wall clock, each week.
    expect((await rowsOf(booked.body.seriesId)).map((row) => row.startTime)).toEqual([
      "2027-10-19T10:30:00.000Z",
      "2027-10-26T10:30:00.000Z",
      "2027-11-02T11:30:00.000Z",
    ]);
  });

  it("a move without a scope (the calendar's drag) moves only that occurrence", async () => {
    const other = await createClient({ name: "Drag Client" });
    const { seriesId, ids } = await pastAndFuture(kim.stylistId, "15", other.id);
    expect(
      (await byId("PATCH", admin.token, ids[2]!, { body: { startTime: "2026-12-01T16:00:00.000Z" } })).status,
    ).toBe(200);
    const rows = await rowsOf(seriesId);
    expect(rows.map((row) => row.startTime.slice(11, 16))).toEqual(["15:00", "15:00", "16:00", "15:00", "15:00"]);
    expect(rows[2]!.seriesId).toBe(seriesId);
  });

  it("DELETE with scope=following deletes this and the later ones still to come, never past ones", async () => {
    const { seriesId, ids } = await pastAndFuture(kim.stylistId, "13");
    // From 3 Nov (past): that one goes, as asked; 17 Nov (past) stays; December's go.
    const result = await byId("DELETE", admin.token, ids[0]!, { query: "?scope=following" });
    expect(result.status).toBe(200);
    expect((await rowsOf(seriesId)).map((row) => row.id)).toEqual([ids[1]]);
    expect((await byId("DELETE", admin.token, ids[1]!, { query: "?scope=sideways" })).status).toBe(400);
  });

  it("a stylist changes a series only where every occurrence affected is in their own column; display never", async () => {
    const { seriesId, ids } = await pastAndFuture(sam.stylistId, "10");
    // The last occurrence was moved to Kim's column.
    await db.update(appointments).set({ stylistId: kim.stylistId }).where(eq(appointments.id, ids[4]!));
    const before = await rowsOf(seriesId);
    const refused = await byId("DELETE", sam.token, ids[2]!, { query: "?scope=following" });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const move = await byId("PATCH", sam.token, ids[2]!, {
      body: { startTime: "2026-12-01T10:30:00.000Z", scope: "following" },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(403);
    expect(await rowsOf(seriesId)).toEqual(before);
    // Kim's occurrence is not found for Sam at all, as any other stylist's appointment.
    expect((await byId("DELETE", sam.token, ids[4]!, { query: "?scope=following" })).status).toBe(404);
    for (const method of ["DELETE", "PATCH"]) {
      const looking = await byId(
        method,
        display.token,
        ids[2]!,
        method === "DELETE"
          ? { query: "?scope=following" }
          : { body: { startTime: "2026-12-01T10:30:00.000Z", scope: "following" } },
      );
      expect(looking.status).toBe(403);
    }
    expect(await rowsOf(seriesId)).toEqual(before);
    // This one only is fine for Sam.
    expect((await byId("DELETE", sam.token, ids[3]!, { query: "?scope=this" })).status).toBe(200);
    expect((await rowsOf(seriesId)).map((row) => row.id)).toEqual([ids[0], ids[1], ids[2], ids[4]]);
  });
});

describe("the booking dialog's two steps", () => {
  const form = (extra: Record<string, string>) => ({
    intent: "create",
    clientName: "Walk-in Wendy",
    clientPhone: "07400 900555",
    stylistId: String(kim.stylistId),
    serviceId: String(service.id),
    date: "2027-06-01",
    time: "10:00",
    duration: "60",
    status: "scheduled",
    repeat: "on",
    repeatEvery: "1",
    repeatEnds: "count",
    repeatCount: "3",
    ...extra,
  });
  const submit = (cookie: string, fields: Record<string, string>) =>
    call(newDialog.action, makeRequest("POST", "/calendar/appointments/new", { cookie, form: fields }));

  it("first lists the dates with the clash marked and writes nothing; then books the free ones, recomputed", async () => {
    // 10:00 London on 8 June is 09:00 UTC (summer time).
    expect(
      (
        await post(admin.token, {
          clientId: client.id,
          stylistId: kim.stylistId,
          serviceId: service.id,
          startTime: "2027-06-08T09:00:00.000Z",
        })
      ).status,
    ).toBe(201);
    const before = await db.$count(appointments);
    const preview = await submit(admin.cookie, form({}));
    expect(statusOf(preview)).toBe(200);
    const { occurrences } = {
      occurrences: payloadOf(preview).preview as { date: string; time: string; reason: string | null }[],
    };
    expect(occurrences.map((occurrence) => [occurrence.date, occurrence.time, occurrence.reason === null])).toEqual([
      ["2027-06-01", "10:00", true],
      ["2027-06-08", "10:00", false],
      ["2027-06-15", "10:00", true],
    ]);
    expect(occurrences[1]!.reason).toContain("already has");
    expect(payloadOf(preview).result.initialValue).toMatchObject({ clientName: "Walk-in Wendy", repeat: "on" });
    expect(await db.$count(appointments)).toBe(before);
    expect(await db.$count(clients, eq(clients.name, "Walk-in Wendy"))).toBe(0);

    // Between the preview and the booking, 15 June is taken.
    expect(
      (
        await post(admin.token, {
          clientId: client.id,
          stylistId: kim.stylistId,
          serviceId: service.id,
          startTime: "2027-06-15T09:30:00.000Z",
        })
      ).status,
    ).toBe(201);
    const booked = await submit(admin.cookie, form({ intent: "book-series" }));
    expect(booked).toBeInstanceOf(Response);
    expect((booked as Response).status).toBe(302);
    const rows = await db
      .select({ startTime: appointments.startTime, seriesId: appointments.seriesId })
      .from(appointments)
      .innerJoin(clients, eq(clients.id, appointments.clientId))
      .where(and(eq(clients.name, "Walk-in Wendy")));
    expect(rows.map((row) => row.startTime)).toEqual(["2027-06-01T09:00:00.000Z"]);
    expect(rows[0]!.seriesId).toBeTruthy();
  });

  it("asks for the count or the date, and a stylist books in their own column only", async () => {
    const missing = await submit(admin.cookie, form({ repeatCount: "" }));
    expect(statusOf(missing)).toBe(400);
    expect(payloadOf(missing).result.error.repeatCount).toBeTruthy();
    const noDate = await submit(admin.cookie, form({ repeatEnds: "until" }));
    expect(payloadOf(noDate).result.error.repeatUntil).toBeTruthy();
    const other = await call(
      newDialog.action,
      makeRequest("POST", "/calendar/appointments/new", { cookie: sam.cookie, form: form({}) }),
    ).catch((error: unknown) => error);
    expect(statusOf(other)).toBe(403);
  });

  it("the edit dialog's scope reaches the following occurrences, and its loader says when it is a series member", async () => {
    const result = await series(admin.token, sam.stylistId, "2027-07-06T08:00:00.000Z", { everyWeeks: 1, count: 3 });
    const ids = (result.body.created as { id: number }[]).map((appointment) => appointment.id);
    const loaded = payloadOf(
      await call(editDialog.loader, makeRequest("GET", `/calendar/appointments/${ids[1]}`, { cookie: admin.cookie }), {
        appointmentId: String(ids[1]),
      }),
    );
    expect(loaded.summary.seriesMember).toBe(true);
    const edit = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${ids[1]}`, {
        cookie: admin.cookie,
        form: {
          intent: "update",
          clientId: String(client.id),
          clientName: "Regular Rita",
          stylistId: String(sam.stylistId),
          serviceId: String(service.id),
          date: "2027-07-13",
          time: "11:00",
          duration: "60",
          status: "scheduled",
          scope: "following",
        },
      }),
      { appointmentId: String(ids[1]) },
    );
    expect((edit as Response).status).toBe(302);
    const rows = await rowsOf(result.body.seriesId);
    expect(rows.map((row) => row.startTime)).toEqual([
      "2027-07-06T08:00:00.000Z",
      "2027-07-13T10:00:00.000Z",
      "2027-07-20T10:00:00.000Z",
    ]);
    const remove = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${ids[1]}`, {
        cookie: admin.cookie,
        form: { intent: "delete", scope: "following" },
      }),
      {
        appointmentId: String(ids[1]),
      },
    );
    expect((remove as Response).status).toBe(302);
    expect((await rowsOf(result.body.seriesId)).map((row) => row.id)).toEqual([ids[0]]);
  });
});
