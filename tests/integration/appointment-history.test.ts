// Appointment history (decision 0085): every create, edit, move, status
// change and delete, by page action and by /api, appends an entry in the write's
// transaction with the acting user; the table refuses updates and deletes; the API is
// paged and readable by whoever may edit the appointment.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import { appointmentHistory, appointments, stylists } from "#db/schema";
import * as editDialog from "~/routes/_app.calendar.appointments.$appointmentId";
import * as newDialog from "~/routes/_app.calendar.appointments.new";
import * as calendar from "~/routes/_app.calendar";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as historyApi from "~/routes/api.appointments.$id.history";
import * as clientById from "~/routes/api.clients.$id._index";
import { mergeClients } from "~/domain/client-merge.server";
import { AppointmentHistoryPageSchema } from "~/lib/schemas/appointment-history";
import { call, json, makeRequest, payloadOf, signedIn, statusOf } from "../factories";
import { createClient, createService, setBookingRules } from "../calendar-factories";

type Session = Awaited<ReturnType<typeof signedIn>> & { stylistId: number };

async function person(role: "admin" | "stylist" | "display", firstName: string, lastName: string): Promise<Session> {
  const session = await signedIn(role, { firstName, lastName });
  const [record] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, session.user.id));
  return { ...session, stylistId: record?.id ?? 0 };
}

let anna: Session;
let jo: Session;
let sam: Session;
let display: Session;
let cut: Awaited<ReturnType<typeof createService>>;
let colour: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  await setBookingRules({ bookingAdvanceLimit: 730 });
  anna = await person("admin", "Anna", "Admin");
  jo = await person("stylist", "Jo", "Styles");
  sam = await person("stylist", "Sam", "Shears");
  display = await person("display", "Wall", "Screen");
  cut = await createService({ name: "Cut & Finish", price: 4500, duration: 60 });
  colour = await createService({ name: "Full Colour", price: 9000, duration: 60 });
  client = await createClient({ name: "Hattie History" });
});

const api = (
  handler: unknown,
  method: string,
  path: string,
  token: string,
  params: Record<string, string> = {},
  body?: unknown,
) => call(handler, makeRequest(method, path, { token, body }), params).then(json);
const history = (id: number, token: string, query = "") =>
  api(historyApi.loader, "GET", `/api/appointments/${id}/history${query}`, token, { id: String(id) });
const book = (token: string, stylistId: number, startTime: string, extra: Record<string, unknown> = {}) =>
  api(
    appointmentsApi.action,
    "POST",
    "/api/appointments",
    token,
    {},
    { clientId: client.id, stylistId, serviceId: cut.id, startTime, status: "scheduled", ...extra },
  );

// Weekdays in January 2027 (London is on UTC then), one per test.
let day = 0;
function nextDate(): string {
  day += 1;
  const date = new Date(Date.UTC(2027, 0, 4 + Math.floor(day / 5) * 7 + (day % 5)));
  return date.toISOString().slice(0, 10);
}

describe("history through /api", () => {
  it("records create, edit, move, status change and delete with the acting user, newest first", async () => {
    const date = nextDate();
    const created = await book(anna.token, jo.stylistId, `${date}T10:00:00.000Z`);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const path = `/api/appointments/${id}`;
    const params = { id: String(id) };
    const put = (token: string, body: Record<string, unknown>) =>
      api(appointmentById.action, "PUT", path, token, params, body);
    const base = {
      clientId: client.id,
      stylistId: jo.stylistId,
      serviceId: cut.id,
      startTime: `${date}T10:00:00.000Z`,
      status: "scheduled",
    };

    expect((await put(jo.token, { ...base, serviceId: colour.id, notes: "Wants copper" })).status).toBe(200);
    expect(
      (
        await api(appointmentById.action, "PATCH", path, anna.token, params, {
          startTime: `${date}T11:30:00.000Z`,
          stylistId: sam.stylistId,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await put(sam.token, {
          ...base,
          stylistId: sam.stylistId,
          serviceId: colour.id,
          startTime: `${date}T11:30:00.000Z`,
          notes: "Wants copper",
          status: "cancelled",
        })
      ).status,
    ).toBe(200);
    // Saving without a change records nothing.
    expect(
      (
        await put(sam.token, {
          ...base,
          stylistId: sam.stylistId,
          serviceId: colour.id,
          startTime: `${date}T11:30:00.000Z`,
          notes: "Wants copper",
          status: "cancelled",
        })
      ).status,
    ).toBe(200);

    const answer = await history(id, anna.token);
    expect(answer.status).toBe(200);
    const entries = answer.body as {
      kind: string;
      actor: { id: number; name: string };
      changes: Record<string, unknown>;
      at: string;
    }[];
    expect(entries.map((entry) => [entry.kind, entry.actor.name])).toEqual([
      ["status_changed", "Sam Shears"],
      ["moved", "Anna Admin"],
      ["edited", "Jo Styles"],
      ["created", "Anna Admin"],
    ]);
    expect(entries[0]!.actor.id).toBe(sam.user.id);
    expect(entries[0]!.changes).toEqual({ status: { before: "scheduled", after: "cancelled" } });
    expect(entries[1]!.changes).toEqual({
      stylist: { before: { id: jo.stylistId, name: "Jo Styles" }, after: { id: sam.stylistId, name: "Sam Shears" } },
      startTime: { before: `${date}T10:00:00.000Z`, after: `${date}T11:30:00.000Z` },
      endTime: { before: `${date}T11:00:00.000Z`, after: `${date}T12:30:00.000Z` },
    });
    expect(entries[2]!.changes).toEqual({
      service: { before: { id: cut.id, name: "Cut & Finish" }, after: { id: colour.id, name: "Full Colour" } },
      price: { before: 4500, after: 9000 },
      notes: { before: null, after: "Wants copper" },
    });
    expect(entries[3]!.changes).toMatchObject({
      client: { before: null, after: { id: client.id, name: "Hattie History" } },
      status: { before: null, after: "scheduled" },
    });
    expect(Date.parse(entries[0]!.at)).not.toBeNaN();
    // The answer is what the published schema says, field for field (parsing strips nothing).
    expect(AppointmentHistoryPageSchema.parse(answer.body)).toEqual(answer.body);

    // The history outlives the appointment: the deletion is its last entry, still readable.
    expect((await api(appointmentById.action, "DELETE", path, anna.token, params)).status).toBe(200);
    const after = await history(id, anna.token);
    expect(after.status).toBe(200);
    expect(after.body[0]).toMatchObject({
      kind: "deleted",
      actor: { name: "Anna Admin" },
      changes: {
        stylist: { before: { id: sam.stylistId }, after: null },
        notes: { before: "Wants copper", after: null },
      },
    });
    expect(after.body).toHaveLength(5);
  });

  it("records blocked time like any appointment", async () => {
    const date = nextDate();
    const blocked = await api(
      appointmentsApi.action,
      "POST",
      "/api/appointments",
      jo.token,
      {},
      {
        stylistId: jo.stylistId,
        startTime: `${date}T12:00:00.000Z`,
        endTime: `${date}T12:30:00.000Z`,
        status: "blocked",
        notes: "Lunch",
      },
    );
    expect(blocked.status).toBe(201);
    const entries = (await history(blocked.body.id, jo.token)).body;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "created",
      actor: { id: jo.user.id, name: "Jo Styles" },
      changes: { status: { before: null, after: "blocked" }, notes: { before: null, after: "Lunch" } },
    });
    expect(entries[0].changes.client).toBeUndefined();
  });

  it("records nothing when the write is refused (one transaction)", async () => {
    const date = nextDate();
    const first = await book(anna.token, jo.stylistId, `${date}T10:00:00.000Z`);
    const before = (await db.select().from(appointmentHistory)).length;
    expect((await book(anna.token, jo.stylistId, `${date}T10:30:00.000Z`)).status).toBe(409);
    const params = { id: String(first.body.id) };
    const clash = await api(appointmentById.action, "PATCH", `/api/appointments/${first.body.id}`, anna.token, params, {
      startTime: `${date}T05:00:00.000Z`,
    });
    expect(clash.status).toBe(400);
    expect((await db.select().from(appointmentHistory)).length).toBe(before);
  });
});

describe("history through the pages", () => {
  it("records the booking dialog, the edit dialog, a drag move and a delete with the signed-in user", async () => {
    const date = nextDate();
    const form = {
      clientId: String(client.id),
      clientName: "Hattie History",
      stylistId: String(jo.stylistId),
      serviceId: String(cut.id),
      date,
      time: "10:00",
      duration: "60",
      status: "scheduled",
    };
    const booked = await call(
      newDialog.action,
      makeRequest("POST", "/calendar/appointments/new", { cookie: jo.cookie, form: { ...form, intent: "create" } }),
    );
    expect(statusOf(booked)).toBe(302);
    const [row] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.startTime, `${date}T10:00:00.000Z`));
    const id = row!.id;
    const params = { appointmentId: String(id) };
    const edited = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${id}`, {
        cookie: anna.cookie,
        form: { ...form, intent: "update", notes: "Bring photo" },
      }),
      params,
    );
    expect(statusOf(edited)).toBe(302);
    const moved = await call(
      calendar.action,
      makeRequest("POST", "/calendar", {
        cookie: jo.cookie,
        form: { intent: "move", id: String(id), stylistId: String(jo.stylistId), date, time: "14:00" },
      }),
    );
    expect(payloadOf(moved)).toMatchObject({ moved: true });

    // The dialog's History: newest first, in words, with the salon's clock.
    const page = payloadOf(
      await call(
        editDialog.loader,
        makeRequest("GET", `/calendar/appointments/${id}`, { cookie: anna.cookie }),
        params,
      ),
    );
    expect(
      page.history.lines.map(
        (line: { who: string; action: string; details: string[] }) =>
          `${line.who} ${line.action}: ${line.details.join(", ")}`,
      ),
    ).toEqual([
      "Jo Styles moved it: Time 10:00 AM → 2:00 PM",
      "Anna Admin edited it: Notes none → “Bring photo”",
      expect.stringMatching(
        /^Jo Styles created it: Stylist Jo Styles, Time .*10:00 AM–11:00 AM, Service Cut & Finish, Client Hattie History, Status Scheduled, Price £45\.00$/,
      ),
    ]);
    expect(page.history.allHref).toBeNull();

    const deleted = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${id}`, { cookie: jo.cookie, form: { intent: "delete" } }),
      params,
    );
    expect(statusOf(deleted)).toBe(302);
    const [last] = await db
      .select()
      .from(appointmentHistory)
      .where(eq(appointmentHistory.appointmentId, id))
      .orderBy(appointmentHistory.id)
      .limit(1)
      .offset(3);
    expect(last).toMatchObject({
      kind: "deleted",
      actorUserId: jo.user.id,
      actorName: "Jo Styles",
      startBefore: `${date}T14:00:00.000Z`,
      notesBefore: "Bring photo",
    });
  });

  it("shows the newest five in the dialog and pages through every entry with 'Show all'", async () => {
    const date = nextDate();
    const { body } = await book(anna.token, jo.stylistId, `${date}T09:00:00.000Z`);
    const params = { id: String(body.id) };
    for (let step = 1; step <= 6; step++) {
      expect(
        (
          await api(appointmentById.action, "PATCH", `/api/appointments/${body.id}`, anna.token, params, {
            startTime: `${date}T${String(9 + step).padStart(2, "0")}:00:00.000Z`,
          })
        ).status,
      ).toBe(200);
    }
    const dialog = (query: string) =>
      call(
        editDialog.loader,
        makeRequest("GET", `/calendar/appointments/${body.id}${query}`, { cookie: anna.cookie }),
        { appointmentId: String(body.id) },
      ).then(payloadOf);
    const first = await dialog("?from=%2Fcalendar");
    expect(first.history.lines).toHaveLength(5);
    expect(first.history.allHref).toBe(`/calendar/appointments/${body.id}?from=%2Fcalendar&history=all`);
    const all = await dialog("?from=%2Fcalendar&history=all&limit=4");
    expect(all.history.lines).toHaveLength(4);
    expect(all.history.all).toBe(true);
    expect(all.history.nextHref).toMatch(/history=all&limit=4&cursor=/);
    const rest = await dialog(all.history.nextHref.slice(`/calendar/appointments/${body.id}`.length));
    expect(rest.history.lines.map((line: { action: string }) => line.action)).toEqual([
      "moved it",
      "moved it",
      "created it",
    ]);
    expect(rest.history.nextHref).toBeNull();
  });
});

describe("GET /api/appointments/{id}/history", () => {
  it("pages with limit, cursor and a Link header", async () => {
    const date = nextDate();
    const { body } = await book(anna.token, sam.stylistId, `${date}T10:00:00.000Z`);
    const params = { id: String(body.id) };
    for (const hour of ["11", "12"])
      await api(appointmentById.action, "PATCH", `/api/appointments/${body.id}`, anna.token, params, {
        startTime: `${date}T${hour}:00:00.000Z`,
      });
    const response = (await call(
      historyApi.loader,
      makeRequest("GET", `/api/appointments/${body.id}/history?limit=2`, { token: anna.token }),
      params,
    )) as Response;
    expect(response.status).toBe(200);
    const firstPage = (await response.json()) as { id: number; kind: string }[];
    expect(firstPage.map((entry) => entry.kind)).toEqual(["moved", "moved"]);
    const next = response.headers.get("Link")!.match(/^<([^>]+)>; rel="next"$/)![1]!;
    expect(next).toContain(`/api/appointments/${body.id}/history?limit=2&cursor=`);
    const second = await history(body.id, anna.token, next.slice(next.indexOf("?")));
    expect(second.body.map((entry: { kind: string }) => entry.kind)).toEqual(["created"]);
    expect((await history(body.id, anna.token, "?limit=500")).status).toBe(400);
    expect((await history(body.id, anna.token, "?cursor=nonsense")).status).toBe(400);
  });

  it("is for whoever may edit the appointment: another stylist's is 404, display is refused", async () => {
    const date = nextDate();
    const { body } = await book(anna.token, jo.stylistId, `${date}T10:00:00.000Z`);
    expect((await history(body.id, jo.token)).status).toBe(200);
    expect(await history(body.id, sam.token)).toEqual({ status: 404, body: { message: "Appointment not found." } });
    expect((await history(body.id, display.token)).status).toBe(403);
    expect((await history(999999, anna.token)).status).toBe(404);
    expect(
      (await call(historyApi.loader, makeRequest("GET", "/api/appointments/abc/history", { token: anna.token }), {
        id: "abc",
      })) as Response,
    ).toMatchObject({ status: 404 });
    // A deleted appointment's history stays with the column it was deleted from.
    await api(appointmentById.action, "DELETE", `/api/appointments/${body.id}`, jo.token, { id: String(body.id) });
    expect((await history(body.id, jo.token)).status).toBe(200);
    expect((await history(body.id, sam.token)).status).toBe(404);
    expect((await history(body.id, anna.token)).body).toHaveLength(2);
    // The dialog is refused to display accounts as before.
    expect(
      statusOf(
        await call(
          editDialog.loader,
          makeRequest("GET", `/calendar/appointments/${body.id}`, { cookie: display.cookie }),
          { appointmentId: String(body.id) },
        ),
      ),
    ).toBe(403);
  });
});

describe("append-only", () => {
  it("refuses raw DELETE and UPDATE; only the erasure scrub of notes and client links passes", async () => {
    const date = nextDate();
    const { body } = await book(anna.token, jo.stylistId, `${date}T10:00:00.000Z`, { notes: "Secret note" });
    const [entry] = await db.select().from(appointmentHistory).where(eq(appointmentHistory.appointmentId, body.id));
    const raw = (statement: string) => rawClient().execute({ sql: statement, args: [entry!.id] });
    await expect(raw("delete from appointment_history where id = ?")).rejects.toThrow(/append-only/);
    await expect(raw("delete from appointment_history")).rejects.toThrow(/append-only/);
    for (const column of [
      "kind = 'deleted'",
      "actor_name = 'Someone'",
      "actor_user_id = 999999",
      "at = '2020-01-01'",
      "start_after = '2027-01-01T09:00:00.000Z'",
      "stylist_after = 999999",
      "price_after = 1",
      "status_after = 'completed'",
      "appointment_id = 999999",
      "id = 999999",
      "notes_after = 'Forged note'",
      // A rewrite that only looks like an erasure's redaction.
      "notes_after = 'Forged note [erased]'",
      "notes_after = '[erased] paid in cash'",
      "notes_before = 'Secret [erased]'",
    ]) {
      await expect(raw(`update appointment_history set ${column} where id = ?`), column).rejects.toThrow(/append-only/);
    }
    expect((await db.select().from(appointmentHistory).where(eq(appointmentHistory.id, entry!.id)))[0]).toEqual(entry);
    // What erasure and merging do is allowed.
    await raw("update appointment_history set notes_after = '[erased]', client_after = null where id = ?");
    await raw("update appointment_history set notes_after = null where id = ?");
    expect((await db.select().from(appointmentHistory).where(eq(appointmentHistory.id, entry!.id)))[0]).toMatchObject({
      notesAfter: null,
      clientAfter: null,
      kind: "created",
    });
  });
});

describe("the erasure's marker in notes", () => {
  it('refuses notes that add "[erased]", by /api and by series, and still lets a redacted note be kept', async () => {
    const refusal = {
      message: expect.stringContaining('Notes cannot contain "[erased]"'),
      errors: { notes: [expect.stringContaining("Remove or reword it")] },
    };
    const date = nextDate();
    const forged = await book(anna.token, jo.stylistId, `${date}T09:00:00.000Z`, { notes: "[erased] paid in cash" });
    expect(forged).toEqual({ status: 400, body: refusal });
    const series = await api(
      appointmentsApi.action,
      "POST",
      "/api/appointments",
      anna.token,
      {},
      {
        clientId: client.id,
        stylistId: jo.stylistId,
        serviceId: cut.id,
        startTime: `${date}T11:00:00.000Z`,
        status: "scheduled",
        notes: "Colour by [erased]",
        repeat: { everyWeeks: 1, count: 2 },
      },
    );
    expect(series.status).toBe(400);

    // An erasure redacted part of these notes: edits that keep them pass, adding the marker does not.
    const { body } = await book(anna.token, jo.stylistId, `${date}T10:00:00.000Z`, { notes: "Came with a friend" });
    await db.update(appointments).set({ notes: "Came with [erased]" }).where(eq(appointments.id, body.id));
    const put = (notes: string) =>
      api(
        appointmentById.action,
        "PUT",
        `/api/appointments/${body.id}`,
        anna.token,
        { id: String(body.id) },
        {
          clientId: client.id,
          stylistId: jo.stylistId,
          serviceId: cut.id,
          startTime: `${date}T14:00:00.000Z`,
          status: "scheduled",
          notes,
        },
      );
    expect((await put("Came with [erased]")).status).toBe(200);
    expect(await put("Came with [erased], paid by [erased]")).toEqual({ status: 400, body: refusal });
    expect((await put("Came with a friend, paid by card")).status).toBe(200);
    const entries = await db.select().from(appointmentHistory).where(eq(appointmentHistory.appointmentId, body.id));
    expect(entries.map((entry) => entry.notesAfter)).toEqual([
      "Came with a friend",
      null,
      "Came with a friend, paid by card",
    ]);
  });
});

describe("clients and the history", () => {
  it("a merge relinks the duplicate's entries to the kept client and records no change", async () => {
    const date = nextDate();
    const duplicate = await createClient({ name: "Hattie H" });
    const { body } = await book(anna.token, jo.stylistId, `${date}T10:00:00.000Z`, { clientId: duplicate.id });
    await mergeClients({ ...anna.user }, client.id, duplicate.id);
    const entries = (await history(body.id, anna.token)).body;
    expect(entries).toHaveLength(1);
    expect(entries[0].changes.client).toEqual({ before: null, after: { id: client.id, name: "Hattie History" } });
  });

  it("deleting a client records their appointments' deletion and keeps no notes or link to them", async () => {
    const date = nextDate();
    const leaving = await createClient({ name: "Lena Leaving" });
    const { body } = await book(anna.token, jo.stylistId, `${date}T10:00:00.000Z`, {
      clientId: leaving.id,
      notes: "Lena likes tea",
    });
    const deleted = await call(
      clientById.action,
      makeRequest("DELETE", `/api/clients/${leaving.id}`, { token: anna.token }),
      { id: String(leaving.id) },
    );
    expect(statusOf(deleted)).toBe(200);
    const rows = await db
      .select()
      .from(appointmentHistory)
      .where(eq(appointmentHistory.appointmentId, body.id))
      .orderBy(appointmentHistory.id);
    expect(rows.map((row) => row.kind)).toEqual(["created", "deleted"]);
    expect(rows.every((row) => row.clientBefore === null && row.clientAfter === null)).toBe(true);
    expect(rows.map((row) => [row.notesBefore, row.notesAfter])).toEqual([
      [null, "[erased]"],
      ["[erased]", null],
    ]);
  });
});
