// The shopping list's /api (SPEC §4, §7): every transition allowed and refused, per
// role, with who and when recorded; two tablets tapping at once; the page's buttons.
import { desc } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { events, products, shoppingItems } from "#db/schema";
import * as itemRoute from "~/routes/api.shopping-list.$id._index";
import * as stepRoute from "~/routes/api.shopping-list.$id.$step";
import * as clearRoute from "~/routes/api.shopping-list.clear-completed";
import * as listRoute from "~/routes/api.shopping-list._index";
import * as productsRoute from "~/routes/api.products";
import * as shoppingPage from "~/routes/_app.shopping-list";
import * as addItemPage from "~/routes/_app.shopping-list.items.new";
import * as newProductPage from "~/routes/_app.shopping-list.products.new";
import { call, json, makeRequest, signedIn, statusOf } from "../factories";

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let stylist: Actor;
let display: Actor;

beforeAll(async () => {
  admin = await signedIn("admin", { firstName: "Ada", lastName: "Owner" });
  stylist = await signedIn("stylist", { firstName: "Sofia", lastName: "Cutter" });
  display = await signedIn("display", { firstName: "Front", lastName: "Screen" });
});

beforeEach(async () => {
  await db.delete(shoppingItems);
});

const list = async (token: string, query = "") =>
  json(await call(listRoute.loader, makeRequest("GET", `/api/shopping-list${query}`, { token })));
const add = async (token: string, body: unknown) =>
  json(await call(listRoute.action, makeRequest("POST", "/api/shopping-list", { token, body })));
const step = async (token: string, id: number | string, name: string) =>
  json(
    await call(stepRoute.action, makeRequest("POST", `/api/shopping-list/${id}/${name}`, { token }), {
      id: String(id),
      step: name,
    }),
  );
const remove = async (token: string, id: number) =>
  json(await call(itemRoute.action, makeRequest("DELETE", `/api/shopping-list/${id}`, { token }), { id: String(id) }));
const clear = async (token: string) =>
  json(await call(clearRoute.action, makeRequest("POST", "/api/shopping-list/clear-completed", { token })));
const lastEvent = async () => (await db.select().from(events).orderBy(desc(events.id)).limit(1))[0];

describe("products", () => {
  it("any signed-in role lists and creates products; blank optional text is null; the name is required", async () => {
    const created = await json(
      await call(
        productsRoute.action,
        makeRequest("POST", "/api/products", {
          token: display.token,
          body: { name: " Bleach ", category: "", description: null },
        }),
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Bleach",
      category: null,
      description: null,
      retailPrice: null,
      stockQuantity: 0,
      reorderLevel: null,
    });
    const listed = await json(
      await call(productsRoute.loader, makeRequest("GET", "/api/products", { token: stylist.token })),
    );
    expect(listed.body).toContainEqual(created.body);
    const blank = await json(
      await call(
        productsRoute.action,
        makeRequest("POST", "/api/products", { token: admin.token, body: { name: "  " } }),
      ),
    );
    expect(blank).toMatchObject({
      status: 400,
      body: { message: "Product name is required", errors: { name: ["Product name is required"] } },
    });
    const long = await json(
      await call(
        productsRoute.action,
        makeRequest("POST", "/api/products", { token: admin.token, body: { name: "x".repeat(101) } }),
      ),
    );
    expect(long.status).toBe(400);
    expect((await json(await call(productsRoute.loader, makeRequest("GET", "/api/products")))).status).toBe(401);
  });
});

describe("adding items", () => {
  it("embeds the product and the adder's name, defaults the quantity to 1 and publishes a shopping event", async () => {
    const [product] = await db.insert(products).values({ name: "Foil", category: "Colour" }).returning();
    const created = await add(stylist.token, { productId: product!.id, customName: null, notes: "" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      productId: product!.id,
      customName: null,
      quantity: 1,
      notes: null,
      product: { name: "Foil", category: "Colour" },
      isOrdered: false,
      isCompleted: false,
      orderedAt: null,
      completedAt: null,
      addedByUser: { firstName: "Sofia", lastName: "Cutter" },
      orderedByUser: null,
      completedByUser: null,
    });
    expect(await lastEvent()).toMatchObject({ topic: "shopping", entityId: created.body.id });
  });

  it("needs a product or a custom name, a whole quantity of at least 1, and an existing product", async () => {
    const nothing = await add(admin.token, { productId: null, customName: "  ", quantity: 2 });
    expect(nothing).toMatchObject({
      status: 400,
      body: { errors: { customName: ["Select a product or enter a custom name"] } },
    });
    expect((await add(admin.token, { customName: "Gloves", quantity: 0 })).body.errors).toEqual({
      quantity: ["Quantity must be at least 1"],
    });
    expect((await add(admin.token, { customName: "Gloves", quantity: 1.5 })).body.errors).toEqual({
      quantity: ["Quantity must be a whole number"],
    });
    expect((await add(admin.token, { customName: "Gloves", notes: "n".repeat(501) })).status).toBe(400);
    const gone = await add(admin.token, { productId: 999999, quantity: 1 });
    expect(gone).toMatchObject({ status: 400, body: { message: "The chosen product no longer exists." } });
    expect(await db.select().from(shoppingItems)).toEqual([]);
  });
});

describe("SPEC §4 transitions", () => {
  const newItem = async (name = "Bleach") =>
    (await add(stylist.token, { customName: name, quantity: 3 })).body.id as number;

  it("pending → ordered (admin only) → delivered, recording who and when; refused steps are 409 and change nothing", async () => {
    const id = await newItem();
    // Delivering a pending (not ordered) item is refused.
    expect(await step(stylist.token, id, "deliver")).toMatchObject({
      status: 409,
      body: { message: "Only an ordered item can be marked as delivered." },
    });
    // Only admins order: stylists and the display account get 403.
    for (const actor of [stylist, display])
      expect(await step(actor.token, id, "order")).toMatchObject({
        status: 403,
        body: { message: "Only administrators can mark items as ordered." },
      });
    const ordered = await step(admin.token, id, "order");
    expect(ordered.status).toBe(200);
    expect(ordered.body).toMatchObject({
      isOrdered: true,
      isCompleted: false,
      orderedByUser: { firstName: "Ada", lastName: "Owner" },
      orderedAt: expect.any(String),
    });
    expect(await lastEvent()).toMatchObject({ topic: "shopping", entityId: id });
    expect(await step(admin.token, id, "order")).toMatchObject({
      status: 409,
      body: { message: "This item has already been marked as ordered." },
    });
    // An ordered item is delivered, not completed directly.
    expect(await step(stylist.token, id, "complete")).toMatchObject({
      status: 409,
      body: { message: "This item has been ordered: mark it as delivered when it arrives." },
    });
    const delivered = await step(display.token, id, "deliver");
    expect(delivered.body).toMatchObject({
      isOrdered: true,
      isCompleted: true,
      completedByUser: { firstName: "Front", lastName: "Screen" },
      completedAt: expect.any(String),
    });
    for (const name of ["order", "deliver", "complete"]) expect((await step(admin.token, id, name)).status).toBe(409);
    // Nothing was half-written by the refusals.
    const [row] = await db.select().from(shoppingItems);
    expect(row).toMatchObject({
      isOrdered: true,
      isCompleted: true,
      orderedByUserId: admin.user.id,
      completedByUserId: display.user.id,
    });
  });

  it("a pending item is completed directly by any role, and then cannot be ordered", async () => {
    for (const actor of [admin, stylist, display]) {
      const id = await newItem(`Item for ${actor.user.role}`);
      const completed = await step(actor.token, id, "complete");
      expect(completed.body).toMatchObject({
        isOrdered: false,
        isCompleted: true,
        completedByUser: { firstName: actor.user.firstName },
      });
      expect(await step(admin.token, id, "order")).toMatchObject({
        status: 409,
        body: { message: "This item has already been completed." },
      });
    }
  });

  it("unknown items are 404, unknown steps 404, bad ids 404 (decision 0031), and signed-out callers 401", async () => {
    expect((await step(admin.token, 999999, "order")).status).toBe(404);
    expect((await step(admin.token, await newItem(), "cancel")).status).toBe(404);
    expect((await step(admin.token, "abc", "complete")).status).toBe(404);
    expect((await step("", 1, "complete")).status).toBe(401);
    expect((await remove(admin.token, 999999)).status).toBe(404);
    expect((await list("")).status).toBe(401);
  });

  it("two tablets tapping the same item at once: exactly one wins, the other gets 409", async () => {
    const id = await newItem();
    const results = await Promise.all([step(stylist.token, id, "complete"), step(display.token, id, "complete")]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const ordered = await newItem("Toner");
    const race = await Promise.all([step(admin.token, ordered, "order"), step(stylist.token, ordered, "complete")]);
    expect(race.map((result) => result.status).sort()).toEqual([200, 409]);
    const both = await Promise.all([remove(stylist.token, ordered), remove(display.token, ordered)]);
    expect(both.map((result) => result.status).sort()).toEqual([200, 404]);
  });

  it("lists pending oldest first then completed newest first; anyone deletes in any state; clear removes only completed", async () => {
    const first = await newItem("First");
    const second = await newItem("Second");
    const third = await newItem("Third");
    const fourth = await newItem("Fourth");
    await step(admin.token, first, "complete");
    await step(admin.token, third, "complete");
    await step(admin.token, fourth, "order");
    const listed = await list(display.token);
    expect(listed.body.map((item: { customName: string }) => item.customName)).toEqual([
      "Second",
      "Fourth",
      "Third",
      "First",
    ]);
    expect(
      (await list(display.token, "?completedLimit=1")).body.map((item: { customName: string }) => item.customName),
    ).toEqual(["Second", "Fourth", "Third"]);

    expect((await remove(display.token, fourth)).status).toBe(200);
    expect((await clear(stylist.token)).body).toEqual({ message: "Completed items cleared", cleared: 2 });
    expect((await list(admin.token)).body.map((item: { id: number }) => item.id)).toEqual([second]);
    expect((await clear(display.token)).body.cleared).toBe(0);
  });
});

describe("the Shopping List page", () => {
  const post = (actor: Actor, form: Record<string, string>) =>
    call(shoppingPage.action, makeRequest("POST", "/shopping-list", { cookie: actor.cookie, form }));
  const toastOf = (response: unknown) => decodeURIComponent((response as Response).headers.get("Set-Cookie") ?? "");

  it("words names and dates, and its buttons answer with SPEC §8 notices, a refused step as an error notice", async () => {
    const id = (await add(stylist.token, { customName: "Shampoo", quantity: 2, notes: "The big bottles" })).body
      .id as number;
    const loaded = (await call(
      shoppingPage.loader,
      makeRequest("GET", "/shopping-list", { cookie: display.cookie }),
    )) as Awaited<ReturnType<typeof shoppingPage.loader>>;
    expect(loaded.canOrder).toBe(false);
    expect(loaded.pending[0]).toMatchObject({ name: "Shampoo", quantity: 2, notes: "The big bottles", ordered: null });
    expect(loaded.pending[0]!.added).toMatch(/^Added by Sofia Cutter on \w+day, \w+ \d{1,2}, \d{4}$/);

    const refused = await post(display, { intent: "order", itemId: String(id) });
    expect(statusOf(refused)).toBe(403);
    const ordered = await post(admin, { intent: "order", itemId: String(id) });
    expect(statusOf(ordered)).toBe(302);
    expect(toastOf(ordered)).toBeTruthy();
    const again = await post(admin, { intent: "complete", itemId: String(id) });
    expect(statusOf(again)).toBe(302);
    expect((again as Response).headers.get("Location")).toBe("/shopping-list");
    const delivered = await post(stylist, { intent: "deliver", itemId: String(id) });
    expect(statusOf(delivered)).toBe(302);
    const after = (await call(
      shoppingPage.loader,
      makeRequest("GET", "/shopping-list", { cookie: admin.cookie }),
    )) as Awaited<ReturnType<typeof shoppingPage.loader>>;
    expect(after.completedCount).toBe(1);
    expect(after.completed[0]!.completed).toMatch(/^Completed by Sofia Cutter on /);
    expect(statusOf(await post(admin, { intent: "clear" }))).toBe(302);
    expect(await db.select().from(shoppingItems)).toEqual([]);
    expect(statusOf(await post(admin, { intent: "explode" }))).toBe(400);
  });

  it("the dialogs validate on the server: a quantity left blank is 1, a name is needed", async () => {
    const blank = await call(
      addItemPage.action,
      makeRequest("POST", "/shopping-list/items/new", {
        cookie: display.cookie,
        form: { productId: "", customName: "", quantity: "" },
      }),
    );
    expect(statusOf(blank)).toBe(400);
    const added = await call(
      addItemPage.action,
      makeRequest("POST", "/shopping-list/items/new", {
        cookie: display.cookie,
        form: { productId: "", customName: "Towels", quantity: "", notes: "" },
      }),
    );
    expect(statusOf(added)).toBe(302);
    const [row] = await db.select().from(shoppingItems);
    expect(row).toMatchObject({ customName: "Towels", quantity: 1, notes: null, addedByUserId: display.user.id });
    const product = await call(
      newProductPage.action,
      makeRequest("POST", "/shopping-list/products/new", {
        cookie: stylist.cookie,
        form: { name: "", category: "", description: "" },
      }),
    );
    expect(statusOf(product)).toBe(400);
    expect(
      statusOf(
        await call(
          newProductPage.action,
          makeRequest("POST", "/shopping-list/products/new", {
            cookie: stylist.cookie,
            form: { name: "Clips", category: "Tools" },
          }),
        ),
      ),
    ).toBe(302);
  });
});
