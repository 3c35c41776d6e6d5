// Processing time in the rule chain (decision 0111): while a colour processes its stylist is
// free for another client, but the client in the chair is not: the stylist's active parts
// must not overlap, and one client is never booked twice at once, with any stylist. On every
// write path: booking, edit, the API's move and the calendar's drag. December in London is
// on UTC, so the instants below read as the salon's clock.
import { beforeAll, describe, expect, it } from "vitest";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as calendarPage from "~/routes/_app.calendar";
import * as serviceById from "~/routes/api.services.$id";
import { pinClock } from "../clock";
import { call, json, makeRequest, payloadOf, statusOf } from "../factories";
import { createClient, createService, setBookingRules, stylistSession } from "../calendar-factories";

pinClock("2026-11-23T12:00:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let kim: Session;
let colour: Awaited<ReturnType<typeof createService>>;
let cut: Awaited<ReturnType<typeof createService>>;
let ava: Awaited<ReturnType<typeof createClient>>;
let ben: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  await setBookingRules({ bookingAdvanceLimit: 60 });
  // Two hours: 30 minutes applying, 45 processing (10:30-11:15 for a 10:00 start), 45 finishing.
  colour = await createService({
    name: "Proc Colour",
    duration: 120,
    processingAfterMinutes: 30,
    processingMinutes: 45,
  });
  cut = await createService({ name: "Proc Cut", duration: 30 });
  ava = await createClient({ name: "Ava Colour" });
  ben = await createClient({ name: "Ben Cut" });
});

const post = (body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token: admin.token, body })).then(json);
const send = (method: string, id: number, body?: unknown) =>
  call(appointmentById.action, makeRequest(method, `/api/appointments/${id}`, { token: admin.token, body }), {
    id: String(id),
  }).then(json);
const write = (
  clientId: number,
  stylistId: number,
  serviceId: number,
  startTime: string,
  extra: Record<string, unknown> = {},
) => ({ clientId, stylistId, serviceId, startTime, status: "scheduled", availabilityOverride: true, ...extra });
async function booked(...args: Parameters<typeof write>): Promise<number> {
  const result = await post(write(...args));
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id;
}
const drag = (id: number, stylistId: number, date: string, time: string) =>
  call(
    calendarPage.action,
    makeRequest("POST", "/calendar", {
      cookie: admin.cookie,
      form: { intent: "move", id: String(id), stylistId: String(stylistId), date, time },
    }),
  );

const AVA_TWICE =
  /^Ava Colour is already booked from 10:00 AM to 12:00 PM \(Proc Colour with .+\): a client cannot be in two places at once\.$/;
const PROCESSING_FREE =
  /already has Ava Colour \(Proc Colour\) from 10:00 AM to 12:00 PM \(free only while it processes, 10:30 AM to 11:15 AM\)\./;

describe("booking", () => {
  it("another client can be booked into a processing gap; the same client cannot, with any stylist", async () => {
    await booked(ava.id, sam.stylistId, colour.id, "2026-12-01T10:00:00.000Z");
    // Ben's cut during Ava's processing, with Sam: fine.
    await booked(ben.id, sam.stylistId, cut.id, "2026-12-01T10:30:00.000Z");
    // Ava herself, with Kim at the same time: she is sitting with the colour on.
    const withKim = await post(write(ava.id, kim.stylistId, cut.id, "2026-12-01T10:45:00.000Z"));
    expect(withKim.status).toBe(409);
    expect(withKim.body.message).toMatch(AVA_TWICE);
    // Nor with Sam, though Sam is free then: the client rule refuses it.
    const withSam = await post(
      write(ava.id, sam.stylistId, cut.id, "2026-12-01T11:00:00.000Z", { endTime: "2026-12-01T11:15:00.000Z" }),
    );
    expect(withSam.status).toBe(409);
    expect(withSam.body.message).toMatch(AVA_TWICE);
    // The active part after the processing is the stylist's: 11:00-11:30 reaches into it.
    const late = await post(write(ben.id, sam.stylistId, cut.id, "2026-12-01T11:15:00.000Z"));
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(PROCESSING_FREE);
    // A second colour whose application falls in the first's processing, processing in turn.
    const other = await createClient({ name: "Cleo Second" });
    await booked(other.id, kim.stylistId, colour.id, "2026-12-01T13:00:00.000Z");
    const ben2 = await post(write(ben.id, kim.stylistId, cut.id, "2026-12-01T13:30:00.000Z"));
    expect(ben2.status, JSON.stringify(ben2.body)).toBe(201);
  });

  it("blocked time has no client, and a cancelled booking holds none of the client's time", async () => {
    await booked(ava.id, sam.stylistId, colour.id, "2026-12-02T10:00:00.000Z");
    const block = await post({
      stylistId: kim.stylistId,
      startTime: "2026-12-02T10:00:00.000Z",
      endTime: "2026-12-02T10:30:00.000Z",
      status: "blocked",
      notes: "Training",
    });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    const cancelled = await booked(ava.id, kim.stylistId, cut.id, "2026-12-02T14:00:00.000Z", {
      status: "cancelled",
    });
    expect((await send("PATCH", cancelled, { startTime: "2026-12-02T10:30:00.000Z" })).status).toBe(200);
    // Bringing it back from cancelled puts Ava in two places at once.
    const revived = await send(
      "PUT",
      cancelled,
      write(ava.id, kim.stylistId, cut.id, "2026-12-02T10:30:00.000Z", { status: "scheduled" }),
    );
    expect(revived.status).toBe(409);
    expect(revived.body.message).toMatch(AVA_TWICE);
  });

  it("the stored snapshot counts, not the service as changed later", async () => {
    await booked(ava.id, sam.stylistId, colour.id, "2026-12-03T10:00:00.000Z");
    const changed = await call(
      serviceById.action,
      makeRequest("PATCH", `/api/services/${colour.id}`, { token: admin.token, body: { processingMinutes: 0 } }),
      { id: String(colour.id) },
    );
    expect(statusOf(changed)).toBe(200);
    await booked(ben.id, sam.stylistId, cut.id, "2026-12-03T10:30:00.000Z");
    // And a new booking of the service has no processing now.
    await booked(ava.id, kim.stylistId, colour.id, "2026-12-03T13:00:00.000Z");
    const none = await post(write(ben.id, kim.stylistId, cut.id, "2026-12-03T13:30:00.000Z"));
    expect(none.status).toBe(409);
    await call(
      serviceById.action,
      makeRequest("PATCH", `/api/services/${colour.id}`, {
        token: admin.token,
        body: { processingAfterMinutes: 30, processingMinutes: 45 },
      }),
      { id: String(colour.id) },
    );
  });
});

describe("edit and move", () => {
  it("an edit moves another client into the gap, and is refused for the same client", async () => {
    await booked(ava.id, sam.stylistId, colour.id, "2026-12-08T10:00:00.000Z");
    const benId = await booked(ben.id, sam.stylistId, cut.id, "2026-12-08T15:00:00.000Z");
    const moved = await send("PUT", benId, write(ben.id, sam.stylistId, cut.id, "2026-12-08T10:30:00.000Z"));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const avaCut = await booked(ava.id, kim.stylistId, cut.id, "2026-12-08T15:00:00.000Z");
    const refused = await send("PUT", avaCut, write(ava.id, kim.stylistId, cut.id, "2026-12-08T10:30:00.000Z"));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(AVA_TWICE);
    // Giving Ben's gap booking to Ava is refused too.
    const handed = await send("PUT", benId, write(ava.id, sam.stylistId, cut.id, "2026-12-08T10:30:00.000Z"));
    expect(handed.status).toBe(409);
    expect(handed.body.message).toMatch(AVA_TWICE);
    // Editing only the notes of a booking in the gap passes.
    const notes = await send(
      "PUT",
      benId,
      write(ben.id, sam.stylistId, cut.id, "2026-12-08T10:30:00.000Z", { notes: "Fringe" }),
    );
    expect(notes.status).toBe(200);
  });

  it("the API's move and the calendar's drag: into the gap for another client, refused for the same one", async () => {
    const colourId = await booked(ava.id, sam.stylistId, colour.id, "2026-12-09T10:00:00.000Z");
    const benId = await booked(ben.id, sam.stylistId, cut.id, "2026-12-09T15:00:00.000Z");
    expect((await send("PATCH", benId, { startTime: "2026-12-09T10:30:00.000Z" })).status).toBe(200);
    const avaCut = await booked(ava.id, kim.stylistId, cut.id, "2026-12-09T15:00:00.000Z");
    const api = await send("PATCH", avaCut, { startTime: "2026-12-09T10:45:00.000Z" });
    expect(api.status).toBe(409);
    expect(api.body.message).toMatch(AVA_TWICE);

    const dragged = await drag(avaCut, kim.stylistId, "2026-12-09", "10:45");
    expect(statusOf(dragged)).toBe(409);
    expect(JSON.stringify(payloadOf(dragged))).toMatch(/Ava Colour is already booked from 10:00 AM to 12:00 PM/);
    // Dragging Ben's cut out of the gap onto the colour's finishing part is the stylist's clash.
    const onActive = await drag(benId, sam.stylistId, "2026-12-09", "11:30");
    expect(statusOf(onActive)).toBe(409);
    expect(JSON.stringify(payloadOf(onActive))).toMatch(/free only while it processes/);
    // Dragging the colour itself keeps its processing: Ben's cut fits its gap at the new time.
    expect(statusOf(await drag(colourId, sam.stylistId, "2026-12-09", "13:00"))).toBeLessThan(400);
    expect((await send("PATCH", benId, { startTime: "2026-12-09T13:30:00.000Z" })).status).toBe(200);
  });
});
