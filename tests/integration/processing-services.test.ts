// Processing time on services (decision 0111): `/api/services` carries processingMinutes
// and processingAfterMinutes (quarter hours, inside the duration), and a booking keeps a
// snapshot of them, so changing the service later moves no booked appointment's free part.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments } from "#db/schema";
import * as serviceById from "~/routes/api.services.$id";
import * as serviceList from "~/routes/api.services._index";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as newServiceDialog from "~/routes/_app.services.new";
import { services } from "#db/schema";
import { PROCESSING_INSIDE } from "~/lib/schemas/services";
import { pinClock } from "../clock";
import { call, json, makeRequest } from "../factories";
import { createClient, stylistSession } from "../calendar-factories";

pinClock("2026-11-23T12:00:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let stylist: Session;

beforeAll(async () => {
  admin = await stylistSession("admin");
  stylist = await stylistSession("stylist");
});

const create = async (token: string, body: unknown) =>
  json(await call(serviceList.action, makeRequest("POST", "/api/services", { token, body })));
const change = async (method: "PUT" | "PATCH", token: string, id: number, body: unknown) =>
  json(await call(serviceById.action, makeRequest(method, `/api/services/${id}`, { token, body }), { id: String(id) }));
const book = (token: string, body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token, body })).then(json);
const send = (method: string, token: string, id: number, body?: unknown) =>
  call(appointmentById.action, makeRequest(method, `/api/appointments/${id}`, { token, body }), {
    id: String(id),
  }).then(json);
const stored = async (id: number) => (await db.select().from(appointments).where(eq(appointments.id, id)).limit(1))[0]!;

const colour = { name: "Full Colour", category: "Colour", duration: 120, price: 9000 };

describe("/api/services processing fields", () => {
  it("creates and reads processing time; 0 by default", async () => {
    const made = await create(admin.token, { ...colour, processingAfterMinutes: 30, processingMinutes: 45 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ processingAfterMinutes: 30, processingMinutes: 45 });
    const plain = await create(admin.token, { name: "Plain Cut", category: "Hair", duration: 30, price: 2000 });
    expect(plain.body).toMatchObject({ processingAfterMinutes: 0, processingMinutes: 0 });
  });

  it("refuses processing that does not end before the service, steps other than 15 minutes, and non-admins", async () => {
    const inside = await create(admin.token, {
      ...colour,
      name: "Too Long",
      processingAfterMinutes: 60,
      processingMinutes: 60,
    });
    expect(inside).toMatchObject({ status: 400 });
    expect(JSON.stringify(inside.body)).toContain(PROCESSING_INSIDE);
    const step = await create(admin.token, { ...colour, name: "Odd Step", processingMinutes: 40 });
    expect(step.status).toBe(400);
    expect(JSON.stringify(step.body)).toContain("steps of 15 minutes");
    expect((await create(stylist.token, { ...colour, name: "Stylist's", processingMinutes: 30 })).status).toBe(403);
  });

  it("PATCH keeps stored processing, checks it against a new duration, and 0 clears the start", async () => {
    const { body } = await create(admin.token, {
      ...colour,
      name: "Patch Colour",
      processingAfterMinutes: 30,
      processingMinutes: 45,
    });
    expect((await change("PATCH", admin.token, body.id, { price: 9500 })).body).toMatchObject({
      processingAfterMinutes: 30,
      processingMinutes: 45,
    });
    expect((await change("PATCH", admin.token, body.id, { duration: 75 })).status).toBe(400);
    // PUT leaving the fields out keeps them, and is held to the same rule.
    const put = await change("PUT", admin.token, body.id, { ...colour, name: "Patch Colour", duration: 60 });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe(PROCESSING_INSIDE);
    expect((await change("PATCH", admin.token, body.id, { processingMinutes: 0 })).body).toMatchObject({
      processingAfterMinutes: 0,
      processingMinutes: 0,
    });
  });
});

describe("the Add Service dialog", () => {
  it("saves the processing fields, and re-renders the dialog's error when processing does not fit", async () => {
    const form = { name: "Dialog Colour", category: "Colour", duration: "90", priceInPounds: "60" };
    const refused = await call(
      newServiceDialog.action,
      makeRequest("POST", "/services/new", {
        cookie: admin.cookie,
        form: { ...form, processingAfterMinutes: "30", processingMinutes: "60" },
      }),
    );
    expect(JSON.stringify(refused)).toContain(PROCESSING_INSIDE);
    const saved = await call(
      newServiceDialog.action,
      makeRequest("POST", "/services/new", {
        cookie: admin.cookie,
        form: { ...form, processingAfterMinutes: "30", processingMinutes: "45" },
      }),
    );
    expect(saved).toBeInstanceOf(Response);
    const [row] = await db.select().from(services).where(eq(services.name, "Dialog Colour"));
    expect(row).toMatchObject({ processingAfterMinutes: 30, processingMinutes: 45 });
  });
});

describe("the snapshot on appointments", () => {
  it("is copied at booking, kept when the service changes later, and copied again when the length changes", async () => {
    const { body: service } = await create(admin.token, {
      ...colour,
      name: "Snapshot Colour",
      processingAfterMinutes: 30,
      processingMinutes: 45,
    });
    const client = await createClient({ name: "Snap Client" });
    const booking = {
      clientId: client.id,
      stylistId: stylist.stylistId,
      serviceId: service.id,
      startTime: "2026-12-01T10:00:00.000Z",
      status: "scheduled",
      availabilityOverride: true,
    };
    const made = await book(admin.token, booking);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await stored(made.body.id)).toMatchObject({ processingAfterMinutes: 30, processingMinutes: 45 });

    await change("PATCH", admin.token, service.id, { processingAfterMinutes: 15, processingMinutes: 60 });
    // An edit that keeps the service and the length keeps the snapshot.
    const notes = await send("PUT", admin.token, made.body.id, { ...booking, notes: "Toner after" });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    expect(await stored(made.body.id)).toMatchObject({ processingAfterMinutes: 30, processingMinutes: 45 });
    // A new length copies the service's again; one the processing does not fit leaves none.
    await send("PUT", admin.token, made.body.id, { ...booking, endTime: "2026-12-01T11:45:00.000Z" });
    expect(await stored(made.body.id)).toMatchObject({ processingAfterMinutes: 15, processingMinutes: 60 });
    await send("PATCH", admin.token, made.body.id, {
      startTime: "2026-12-01T10:00:00.000Z",
      endTime: "2026-12-01T11:00:00.000Z",
    });
    expect(await stored(made.body.id)).toMatchObject({ processingAfterMinutes: null, processingMinutes: null });
  });
});
