import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { events, services } from "#db/schema";
import * as serviceById from "~/routes/api.services.$id";
import * as serviceList from "~/routes/api.services._index";
import { call, json, makeRequest, signedIn } from "../factories";
import { createService } from "../services-factories";

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let stylist: Actor;

beforeAll(async () => {
  admin = await signedIn("admin");
  stylist = await signedIn("stylist");
});

const list = async (token: string, query = "") =>
  json(await call(serviceList.loader, makeRequest("GET", `/api/services${query}`, { token })));
const create = async (token: string, body: unknown) =>
  json(await call(serviceList.action, makeRequest("POST", "/api/services", { token, body })));
const change = async (method: "PUT" | "PATCH", token: string, id: number | string, body: unknown) =>
  json(await call(serviceById.action, makeRequest(method, `/api/services/${id}`, { token, body }), { id: String(id) }));

describe("GET /api/services", () => {
  it("lists by category then name for every role, searches name or category, and can leave out inactive services", async () => {
    await db.delete(services);
    await createService({ name: "balayage", category: "Colour", price: 14000 });
    await createService({ name: "Men's Cut", category: "hair" });
    await createService({ name: "Gel Manicure", category: "Nails" });
    await createService({ name: "Fringe Trim", category: "Hair", isActive: false });
    await createService({ name: "100% Silk Wrap", category: "Nails" });

    const all = await list(stylist.token);
    expect(all.status).toBe(200);
    expect(all.body.map((s: { name: string }) => s.name)).toEqual([
      "balayage",
      "Fringe Trim",
      "Men's Cut",
      "100% Silk Wrap",
      "Gel Manicure",
    ]);
    expect(all.body[0]).toMatchObject({
      name: "balayage",
      category: "Colour",
      duration: 30,
      price: 14000,
      isActive: true,
    });

    expect((await list(stylist.token, "?search=HAIR")).body.map((s: { name: string }) => s.name)).toEqual([
      "Fringe Trim",
      "Men's Cut",
    ]);
    expect((await list(stylist.token, "?search=manic")).body.map((s: { name: string }) => s.name)).toEqual([
      "Gel Manicure",
    ]);
    expect((await list(stylist.token, "?search=%25")).body.map((s: { name: string }) => s.name)).toEqual([
      "100% Silk Wrap",
    ]);
    expect(
      (await list(stylist.token, "?search=hair&activeOnly=true")).body.map((s: { name: string }) => s.name),
    ).toEqual(["Men's Cut"]);
    const display = await signedIn("display");
    expect((await list(display.token)).status).toBe(200);
    expect((await list("")).status).toBe(401);
  });
});

describe("POST /api/services", () => {
  it("creates a service for an admin with the price in pence, defaulting to active, and publishes a change", async () => {
    const created = await create(admin.token, {
      name: "  Toner & Gloss ",
      category: "Colour",
      duration: 30,
      price: 2550,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Toner & Gloss",
      category: "Colour",
      duration: 30,
      price: 2550,
      isActive: true,
    });
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: "services", entityId: created.body.id });
  });

  it("answers 400 with SPEC's field messages", async () => {
    const empty = await create(admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      name: ["Service name is required"],
      category: ["Category is required"],
      duration: ["Duration is required"],
      price: ["Price is required"],
    });

    const bad = await create(admin.token, { name: " ", category: "", duration: 10, price: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ["Service name is required"],
      category: ["Category is required"],
      duration: ["Duration must be at least 15 minutes"],
      price: ["Price must be positive"],
    });
    expect(bad.body.message).toBe("Service name is required");

    const tooLong = await create(admin.token, { name: "Marathon", category: "Hair", duration: 481, price: 12.5 });
    expect(tooLong.body.errors).toMatchObject({
      duration: ["Duration must be at most 480 minutes"],
      price: ["Price must be a whole number of pence"],
    });
    const wrongTypes = await create(admin.token, {
      name: "Typed",
      category: "Hair",
      duration: "60",
      price: 1000,
      isActive: "yes",
    });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(["duration", "isActive"]);
  });

  it("refuses a second service with the same name, whatever its case (409)", async () => {
    await create(admin.token, { name: "Wash & Blow Dry", category: "Hair", duration: 45, price: 3000 });
    const again = await create(admin.token, { name: "wash & blow dry", category: "Hair", duration: 45, price: 3000 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: "A service with this name already exists",
      errors: { name: ["A service with this name already exists"] },
    });
  });

  it("is refused to stylists and display accounts (403), and nothing is written", async () => {
    const display = await signedIn("display");
    for (const token of [stylist.token, display.token]) {
      const refused = await create(token, { name: "Sneaky", category: "Hair", duration: 30, price: 100 });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Only administrators can change services.");
    }
    expect(await db.select().from(services).where(eq(services.name, "Sneaky"))).toEqual([]);
  });
});

describe("PUT and PATCH /api/services/{id}", () => {
  it("PUT replaces every field, including making the service inactive", async () => {
    const service = await createService({ name: "Root Tint", category: "Colour", duration: 60, price: 5200 });
    const updated = await change("PUT", admin.token, service.id, {
      name: "Root Tint (regrowth)",
      category: "Colour",
      duration: 75,
      price: 5500,
      isActive: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: service.id,
      name: "Root Tint (regrowth)",
      duration: 75,
      price: 5500,
      isActive: false,
    });
    const one = await json(
      await call(serviceById.loader, makeRequest("GET", `/api/services/${service.id}`, { token: stylist.token }), {
        id: String(service.id),
      }),
    );
    expect(one.body).toMatchObject({ name: "Root Tint (regrowth)", isActive: false });
  });

  it("PATCH changes only the duration (SPEC's payload) and validates it", async () => {
    const service = await createService({
      name: "Perm",
      category: "Hair",
      duration: 120,
      price: 8500,
      isActive: false,
    });
    const patched = await change("PATCH", admin.token, service.id, { duration: 105 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Perm", duration: 105, price: 8500, isActive: false });
    const tooShort = await change("PATCH", admin.token, service.id, { duration: 5 });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors).toEqual({ duration: ["Duration must be at least 15 minutes"] });
  });

  it("answers 404 for a missing service or a malformed id (decision 0031), 409 for a taken name, 403 for non-admins", async () => {
    expect(
      (await change("PUT", admin.token, 99999, { name: "Ghost", category: "Hair", duration: 30, price: 0 })).body,
    ).toEqual({ message: "Service not found" });
    expect(
      (await change("PUT", admin.token, 99999, { name: "Ghost", category: "Hair", duration: 30, price: 0 })).status,
    ).toBe(404);
    expect((await change("PATCH", admin.token, 99999, { duration: 30 })).status).toBe(404);
    expect(
      (
        await json(
          await call(serviceById.loader, makeRequest("GET", "/api/services/99999", { token: admin.token }), {
            id: "99999",
          }),
        )
      ).status,
    ).toBe(404);
    expect((await change("PATCH", admin.token, "abc", { duration: 30 })).status).toBe(404);

    const first = await createService({ name: "Classic Manicure", category: "Nails" });
    const second = await createService({ name: "Classic Pedicure", category: "Nails" });
    const clash = await change("PUT", admin.token, second.id, {
      name: "CLASSIC MANICURE",
      category: "Nails",
      duration: 30,
      price: 2200,
    });
    expect(clash.status).toBe(409);
    // Keeping its own name is not a clash.
    expect(
      (
        await change("PUT", admin.token, first.id, {
          name: "Classic Manicure",
          category: "Nails",
          duration: 45,
          price: 2200,
        })
      ).status,
    ).toBe(200);

    expect((await change("PATCH", stylist.token, first.id, { duration: 60 })).status).toBe(403);
    expect(
      (await change("PUT", stylist.token, first.id, { name: "Mine", category: "Nails", duration: 30, price: 1 }))
        .status,
    ).toBe(403);
  });

  it("answers 405 for other methods", async () => {
    const service = await createService();
    const response = await call(
      serviceById.action,
      makeRequest("DELETE", `/api/services/${service.id}`, { token: admin.token }),
      { id: String(service.id) },
    );
    expect((response as Response).status).toBe(405);
  });
});
