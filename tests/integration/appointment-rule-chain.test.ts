// The one rule chain of appointment writes (decision 0090): its rules in their order, the
// first rule an input breaks is the refusal it gets, on every write path alike, and every
// path (booking, edit, move, each occurrence of a repeat, each "following" change) calls
// the one check. The clock is fixed: Monday, November 23, 2026, noon in London.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as calendarPage from "~/routes/_app.calendar";
import { APPOINTMENT_RULES, checkAppointmentWrite, FUTURE_COMPLETED } from "~/domain/appointment-rules.server";
import { call, json, makeRequest, statusOf } from "../factories";
import { createClient, createService, setBookingRules, stylistSession } from "../calendar-factories";

vi.mock("~/domain/appointment-rules.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/domain/appointment-rules.server")>();
  return { ...original, checkAppointmentWrite: vi.fn(original.checkAppointmentWrite) };
});

const NOW = new Date("2026-11-23T12:00:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let service: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  service = await createService({ name: "Chain Cut", price: 4000, duration: 60 });
  client = await createClient({ name: "Chloe Chain" });
});
afterAll(() => vi.useRealTimers());
// Last bookable day for a stylist: Wednesday, December 23, 2026.
beforeEach(() => setBookingRules({ bookingAdvanceLimit: 30, cancellationNotice: 24 }));

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
  ...extra,
});
/** An appointment booked by the admin (never limited, overriding the hours), to edit or move. */
async function booked(stylistId: number, startTime: string, extra: Record<string, unknown> = {}): Promise<number> {
  const result = await post(admin.token, write(stylistId, startTime, { availabilityOverride: true, ...extra }));
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id;
}

const GRID = "Appointments must start and end between 7:00 AM and 11:00 PM on one day.";
const ADVANCE =
  "Appointments can be booked at most 30 days ahead, so by Wednesday, December 23, 2026 at the latest. An administrator can book further ahead.";
const HOURS = /is not working on|outside their working hours/;
const CLASH = /already has Chloe Chain \(Chain Cut\)/;

describe("the rule chain", () => {
  it("applies its rules in one order: stylist still here, notes, grid, not completed early, an online slot, advance limit, working hours and time off, the stylist's overlap, the client's, the patch test", () => {
    expect(APPOINTMENT_RULES.map((rule) => rule.name)).toEqual([
      "the stylist still works here",
      "notes without the erasure's marker",
      "on the grid",
      "not completed before it starts",
      "an offered online slot (online bookings only)",
      "within the booking advance limit",
      "within working hours and outside time off",
      "the stylist's active parts do not overlap",
      "the client is not booked twice at once",
      "a valid patch test before a service that needs one",
    ]);
  });

  // Each case breaks two neighbouring rules; the answer is the first one's, and with the
  // first put right the second one's, so both breaks are real.
  it("a booking breaking two rules gets the first rule's refusal", async () => {
    // Off the grid (06:00) and completed ahead of time.
    expect(
      await post(admin.token, write(sam.stylistId, "2026-12-01T06:00:00.000Z", { status: "completed" })),
    ).toMatchObject({ status: 400, body: { message: GRID } });
    expect(
      await post(admin.token, write(sam.stylistId, "2026-12-01T10:00:00.000Z", { status: "completed" })),
    ).toMatchObject({ status: 400, body: { message: FUTURE_COMPLETED } });
    // Completed ahead of time and past the advance limit.
    expect(
      await post(sam.token, write(sam.stylistId, "2027-01-05T10:00:00.000Z", { status: "completed" })),
    ).toMatchObject({ status: 400, body: { message: FUTURE_COMPLETED } });
    expect(await post(sam.token, write(sam.stylistId, "2027-01-05T10:00:00.000Z"))).toMatchObject({
      status: 400,
      body: { message: ADVANCE },
    });
    // Past the advance limit and on a Sunday, a day off.
    expect(await post(sam.token, write(sam.stylistId, "2027-01-03T10:00:00.000Z"))).toMatchObject({
      status: 400,
      body: { message: ADVANCE },
    });
    expect((await post(admin.token, write(sam.stylistId, "2027-01-03T10:00:00.000Z"))).body.message).toMatch(HOURS);
    // Outside the hours (17:30) and over another booking.
    await booked(sam.stylistId, "2026-12-01T17:00:00.000Z");
    const outside = await post(sam.token, write(sam.stylistId, "2026-12-01T17:30:00.000Z"));
    expect(outside.status).toBe(409);
    expect(outside.body.message).toMatch(HOURS);
    const overridden = await post(
      admin.token,
      write(sam.stylistId, "2026-12-01T17:30:00.000Z", { availabilityOverride: true }),
    );
    expect(overridden.status).toBe(409);
    expect(overridden.body.message).toMatch(CLASH);
  });

  it("an edit breaking two rules gets the first rule's refusal", async () => {
    const id = await booked(sam.stylistId, "2026-12-02T10:00:00.000Z");
    const edit = (token: string, startTime: string, extra: Record<string, unknown> = {}) =>
      send("PUT", token, id, write(sam.stylistId, startTime, extra));
    expect(await edit(admin.token, "2026-12-02T06:00:00.000Z", { status: "completed" })).toMatchObject({
      status: 400,
      body: { message: GRID },
    });
    expect(await edit(sam.token, "2027-01-05T10:00:00.000Z", { status: "completed" })).toMatchObject({
      status: 400,
      body: { message: FUTURE_COMPLETED },
    });
    expect(await edit(sam.token, "2027-01-03T10:00:00.000Z")).toMatchObject({
      status: 400,
      body: { message: ADVANCE },
    });
    await booked(sam.stylistId, "2026-12-02T17:00:00.000Z");
    const outside = await edit(sam.token, "2026-12-02T17:30:00.000Z");
    expect(outside.status).toBe(409);
    expect(outside.body.message).toMatch(HOURS);
  });

  it("a move breaking two rules gets the first rule's refusal, with the appointment's own status", async () => {
    const done = await booked(sam.stylistId, "2026-11-16T10:00:00.000Z", { status: "completed" });
    const move = (token: string, id: number, startTime: string) => send("PATCH", token, id, { startTime });
    expect(await move(admin.token, done, "2026-12-03T06:00:00.000Z")).toMatchObject({
      status: 400,
      body: { message: GRID },
    });
    expect(await move(sam.token, done, "2027-01-05T10:00:00.000Z")).toMatchObject({
      status: 400,
      body: { message: FUTURE_COMPLETED },
    });
    const id = await booked(sam.stylistId, "2026-12-03T10:00:00.000Z");
    expect(await move(sam.token, id, "2027-01-03T10:00:00.000Z")).toMatchObject({
      status: 400,
      body: { message: ADVANCE },
    });
    await booked(sam.stylistId, "2026-12-03T17:00:00.000Z");
    const outside = await move(sam.token, id, "2026-12-03T17:30:00.000Z");
    expect(outside.status).toBe(409);
    expect(outside.body.message).toMatch(HOURS);
  });

  it("each occurrence of a repeat breaking two rules is refused for the first rule", async () => {
    const repeat = { everyWeeks: 1, count: 2 };
    const grid = await post(admin.token, {
      ...write(sam.stylistId, "2026-12-04T06:00:00.000Z", { status: "completed" }),
      repeat,
    });
    expect(grid.status).toBe(409);
    expect(grid.body.refused.map((occurrence: { reason: string }) => occurrence.reason)).toEqual([GRID, GRID]);
    const ahead = await post(sam.token, { ...write(sam.stylistId, "2027-01-10T10:00:00.000Z"), repeat }); // Sundays past the limit
    expect(ahead.body.refused.map((occurrence: { reason: string }) => occurrence.reason)).toEqual([ADVANCE, ADVANCE]);
  });

  it("the override excuses the hours only in the hands of someone who may override, on every path", async () => {
    // An admin booked Sam at 17:00 on a Friday, outside the hours; Sam may not move it to 18:00 by edit or by drag.
    const id = await booked(sam.stylistId, "2026-12-04T17:00:00.000Z");
    const edited = await send("PUT", sam.token, id, write(sam.stylistId, "2026-12-04T18:00:00.000Z"));
    expect(edited.status).toBe(409);
    expect(edited.body.message).toMatch(HOURS);
    const dragged = await send("PATCH", sam.token, id, { startTime: "2026-12-04T18:00:00.000Z" });
    expect(dragged.status).toBe(409);
    expect(dragged.body.message).toMatch(HOURS);
    // Nothing moved: an edit of the notes only, or a drag onto the same place, is allowed.
    expect(
      (await send("PUT", sam.token, id, write(sam.stylistId, "2026-12-04T17:00:00.000Z", { notes: "Late one" })))
        .status,
    ).toBe(200);
    expect((await send("PATCH", sam.token, id, { startTime: "2026-12-04T17:00:00.000Z" })).status).toBe(200);
    // The admin moves it, the override still standing.
    expect((await send("PATCH", admin.token, id, { startTime: "2026-12-04T18:00:00.000Z" })).status).toBe(200);
  });
});

describe("every write path calls the one check", () => {
  const check = vi.mocked(checkAppointmentWrite);
  beforeEach(() => {
    check.mockClear();
  });

  it("once per booking, edit, move (the API's and the calendar's drag), and once per occurrence of a repeat and of a following change; never for a delete", async () => {
    const single = await post(sam.token, write(sam.stylistId, "2026-12-07T10:00:00.000Z"));
    expect(single.status).toBe(201);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check.mock.calls[0]![0]).toMatchObject({
      before: null,
      after: { stylistId: sam.stylistId, status: "scheduled" },
    });

    check.mockClear();
    expect(
      (await send("PUT", sam.token, single.body.id, write(sam.stylistId, "2026-12-07T11:00:00.000Z"))).status,
    ).toBe(200);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check.mock.calls[0]![0].before).toMatchObject({ id: single.body.id });

    check.mockClear();
    expect((await send("PATCH", sam.token, single.body.id, { startTime: "2026-12-07T12:00:00.000Z" })).status).toBe(
      200,
    );
    expect(check).toHaveBeenCalledTimes(1);

    check.mockClear();
    const drag = await call(
      calendarPage.action,
      makeRequest("POST", "/calendar", {
        cookie: sam.cookie,
        form: {
          intent: "move",
          id: String(single.body.id),
          stylistId: String(sam.stylistId),
          date: "2026-12-07",
          time: "14:00",
        },
      }),
    );
    expect(statusOf(drag)).toBeLessThan(400);
    expect(check).toHaveBeenCalledTimes(1);

    check.mockClear();
    const series = await post(sam.token, {
      ...write(sam.stylistId, "2026-12-08T10:00:00.000Z"),
      repeat: { everyWeeks: 1, count: 3 },
    });
    expect(series.status).toBe(201);
    expect(check).toHaveBeenCalledTimes(3);

    check.mockClear();
    const first = series.body.created[0];
    expect(
      (
        await send("PUT", sam.token, first.id, {
          ...write(sam.stylistId, "2026-12-08T11:00:00.000Z"),
          scope: "following",
        })
      ).status,
    ).toBe(200);
    expect(check).toHaveBeenCalledTimes(3);

    check.mockClear();
    const deleted = await call(
      appointmentById.action,
      makeRequest("DELETE", `/api/appointments/${first.id}?scope=following`, { token: sam.token }),
      { id: String(first.id) },
    );
    expect(statusOf(deleted)).toBe(200);
    expect(check).not.toHaveBeenCalled();
  });
});
