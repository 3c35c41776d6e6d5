import { desc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { events } from "#db/schema";
import { bookingTerms } from "~/domain/pricing.server";
import * as pricing from "~/routes/api.stylists.$id.pricing";
import { call, json, makeRequest, signedIn } from "../factories";
import { createService, createStylist, setCustomPricing, signedInStylist } from "../services-factories";

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;

beforeAll(async () => {
  admin = await signedIn("admin");
});

const read = async (token: string, stylistId: number | string) =>
  json(
    await call(pricing.loader, makeRequest("GET", `/api/stylists/${stylistId}/pricing`, { token }), {
      id: String(stylistId),
    }),
  );
const save = async (token: string, stylistId: number | string, body: unknown) =>
  json(
    await call(pricing.action, makeRequest("POST", `/api/stylists/${stylistId}/pricing`, { token, body }), {
      id: String(stylistId),
    }),
  );

describe("GET /api/stylists/{id}/pricing", () => {
  it("returns that stylist's own entries (a real read, not SPEC's empty list)", async () => {
    const stylist = await createStylist();
    const other = await createStylist();
    const cut = await createService({ name: "Cut", price: 4000, duration: 60 });
    const tint = await createService({ name: "Tint", price: 6000, duration: 90 });
    await setCustomPricing(stylist.id, cut.id, { price: 4500 });
    await setCustomPricing(stylist.id, tint.id, { duration: 75 });
    await setCustomPricing(other.id, cut.id, { price: 9999 });

    const answer = await read(admin.token, stylist.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { serviceId: cut.id, price: 4500, duration: null },
      { serviceId: tint.id, price: null, duration: 75 },
    ]);
    expect((await read(admin.token, (await createStylist()).id)).body).toEqual([]);
  });

  it("lets a stylist read only their own (403 for anyone else's), refuses display accounts, 404 for unknown stylists", async () => {
    const me = await signedInStylist();
    const someoneElse = await createStylist();
    expect((await read(me.token, me.stylist.id)).status).toBe(200);
    const refused = await read(me.token, someoneElse.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You can only manage your own stylist profile.");
    const display = await signedIn("display");
    expect((await read(display.token, someoneElse.id)).status).toBe(403);
    expect(await read(admin.token, 99999)).toEqual({ status: 404, body: { message: "Stylist not found" } });
    expect((await read(admin.token, "zero")).status).toBe(404);
    expect((await read("", someoneElse.id)).status).toBe(401);
  });
});

describe("POST /api/stylists/{stylistId}/pricing", () => {
  it("upserts a price and/or a duration; fields left out keep their values; null or a price of 0 returns to the service's", async () => {
    const stylist = await createStylist();
    const service = await createService({ name: "Balayage", price: 14000, duration: 180 });

    const priced = await save(admin.token, stylist.id, { serviceId: service.id, price: 16000 });
    expect(priced).toEqual({ status: 200, body: { serviceId: service.id, price: 16000, duration: null } });
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: "pricing", entityId: stylist.id });

    expect((await save(admin.token, stylist.id, { serviceId: service.id, duration: 165 })).body).toEqual({
      serviceId: service.id,
      price: 16000,
      duration: 165,
    });
    expect((await save(admin.token, stylist.id, { serviceId: service.id, price: 15000, duration: 150 })).body).toEqual({
      serviceId: service.id,
      price: 15000,
      duration: 150,
    });
    expect((await save(admin.token, stylist.id, { serviceId: service.id, price: 0 })).body).toEqual({
      serviceId: service.id,
      price: null,
      duration: 150,
    });
    expect((await save(admin.token, stylist.id, { serviceId: service.id, duration: null })).body).toEqual({
      serviceId: service.id,
      price: null,
      duration: null,
    });
    expect((await read(admin.token, stylist.id)).body).toEqual([
      { serviceId: service.id, price: null, duration: null },
    ]);
  });

  it("validates: 400 with field messages, 404 for an unknown service or stylist", async () => {
    const stylist = await createStylist();
    const service = await createService();
    const nothing = await save(admin.token, stylist.id, { serviceId: service.id });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual({ price: ["Send a price, a duration or both"] });
    const bad = await save(admin.token, stylist.id, { serviceId: service.id, price: -5, duration: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      price: ["Price must be positive"],
      duration: ["Duration must be at least 1 minute"],
    });
    const fractional = await save(admin.token, stylist.id, { serviceId: service.id, price: 10.5, duration: 12.5 });
    expect(fractional.body.errors).toEqual({
      price: ["Price must be a whole number of pence"],
      duration: ["Duration must be a whole number of minutes"],
    });
    expect((await save(admin.token, stylist.id, { price: 100 })).body.errors).toEqual({
      serviceId: ["Choose a service"],
    });
    expect(await save(admin.token, stylist.id, { serviceId: 99999, price: 100 })).toEqual({
      status: 404,
      body: { message: "Service not found" },
    });
    expect(await save(admin.token, 99999, { serviceId: service.id, price: 100 })).toEqual({
      status: 404,
      body: { message: "Stylist not found" },
    });
  });

  it("lets a stylist change only their own prices (403 otherwise); display accounts change nothing", async () => {
    const me = await signedInStylist();
    const colleague = await createStylist();
    const service = await createService();
    expect((await save(me.token, me.stylist.id, { serviceId: service.id, price: 3000 })).status).toBe(200);
    expect((await save(me.token, colleague.id, { serviceId: service.id, price: 1 })).status).toBe(403);
    const display = await signedIn("display");
    expect((await save(display.token, colleague.id, { serviceId: service.id, price: 1 })).status).toBe(403);
    expect((await read(admin.token, colleague.id)).body).toEqual([]);
  });
});

describe("bookingTerms: what a new booking uses", () => {
  it("takes the stylist's own price and duration when set, otherwise the service's, each on its own", async () => {
    const service = await createService({ name: "Ladies' Cut & Blow Dry", price: 4800, duration: 60 });
    const senior = await createStylist();
    const junior = await createStylist();
    const colour = await createStylist();
    const plain = await createStylist();
    await setCustomPricing(senior.id, service.id, { price: 5800 });
    await setCustomPricing(junior.id, service.id, { price: 4000, duration: 75 });
    await setCustomPricing(colour.id, service.id, { duration: 45 });

    const expected = {
      serviceId: service.id,
      serviceName: "Ladies' Cut & Blow Dry",
      isActive: true,
      // The service's own processing time (none here): every stylist's booking snapshots it.
      processingAfterMinutes: 0,
      processingMinutes: 0,
    };
    expect(await bookingTerms(db, senior.id, service.id)).toEqual({ ...expected, price: 5800, duration: 60 });
    expect(await bookingTerms(db, junior.id, service.id)).toEqual({ ...expected, price: 4000, duration: 75 });
    expect(await bookingTerms(db, colour.id, service.id)).toEqual({ ...expected, price: 4800, duration: 45 });
    expect(await bookingTerms(db, plain.id, service.id)).toEqual({ ...expected, price: 4800, duration: 60 });
  });

  it("treats a stored price of 0 as no custom price, follows later price changes, and reports inactive services", async () => {
    const service = await createService({ name: "Perm", price: 8500, duration: 120, isActive: false });
    const stylist = await createStylist();
    await setCustomPricing(stylist.id, service.id, { price: 0, duration: 100 });
    expect(await bookingTerms(db, stylist.id, service.id)).toMatchObject({
      price: 8500,
      duration: 100,
      isActive: false,
    });
    await save(admin.token, stylist.id, { serviceId: service.id, price: 9000 });
    expect(await bookingTerms(db, stylist.id, service.id)).toMatchObject({ price: 9000, duration: 100 });
  });

  it("throws NotFound('Service not found') for a missing service, inside a transaction too", async () => {
    const stylist = await createStylist();
    await expect(bookingTerms(db, stylist.id, 99999)).rejects.toMatchObject({
      status: 404,
      message: "Service not found",
    });
    const service = await createService({ price: 1234 });
    const inTransaction = await db.transaction((tx) => bookingTerms(tx, stylist.id, service.id));
    expect(inTransaction.price).toBe(1234);
  });
});
