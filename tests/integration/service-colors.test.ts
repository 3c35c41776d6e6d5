// Service colours (decision 0074): an admin chooses a service's calendar colour (a palette key) in the
// service dialog or through /api/services; the calendar paints blocks with it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { services } from "#db/schema";
import { defaultServiceColorKey, SERVICE_COLORS, serviceColor } from "~/lib/calendar";
import * as calendarPage from "~/routes/_app.calendar";
import * as editServiceDialog from "~/routes/_app.services.$serviceId.edit";
import * as newServiceDialog from "~/routes/_app.services.new";
import * as serviceById from "~/routes/api.services.$id";
import * as serviceList from "~/routes/api.services._index";
import { call, json, makeRequest, signedIn, statusOf } from "../factories";
import { createStylistAndService, createTestAppointment, createTestClient } from "../clients-factories";
import { unpackItems, type PackedItems } from "~/lib/calendar-items";

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let stylist: Actor;
beforeAll(async () => {
  admin = await signedIn("admin");
  stylist = await signedIn("stylist");
});

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
const rowOf = async (id: number) => (await db.select().from(services).where(eq(services.id, id)))[0]!;
const post = (handler: unknown, path: string, form: Record<string, string>, params: Record<string, string> = {}) =>
  call(handler, makeRequest("POST", path, { cookie: admin.cookie, form }), params);
const api = async (method: string, path: string, token: string, body?: unknown, params: Record<string, string> = {}) =>
  json(
    await call(
      path === "/api/services" ? serviceList.action : method === "GET" ? serviceById.loader : serviceById.action,
      makeRequest(method, path, { token, body }),
      params,
    ),
  );

describe("the service dialog's colour", () => {
  it("stores a palette colour, clears it with Automatic, and refuses a colour outside the palette", async () => {
    const name = unique("Cut & Style");
    const created = await post(newServiceDialog.action, "/services/new", {
      name,
      category: "Hair",
      duration: "45",
      priceInPounds: "40",
      isActive: "on",
      color: "deep-teal",
    });
    expect(statusOf(created)).toBe(302);
    const [row] = await db.select().from(services).where(eq(services.name, name));
    expect(row!.color).toBe("deep-teal");

    const params = { serviceId: String(row!.id) };
    const refused = await call(
      editServiceDialog.action,
      makeRequest("POST", `/services/${row!.id}/edit`, {
        cookie: admin.cookie,
        form: { name, category: "Hair", duration: "45", priceInPounds: "40", color: "#ff00ff" },
      }),
      params,
    );
    expect(statusOf(refused)).toBe(400);
    expect((await rowOf(row!.id)).color).toBe("deep-teal");

    const automatic = await post(
      editServiceDialog.action,
      `/services/${row!.id}/edit`,
      { name, category: "Hair", duration: "45", priceInPounds: "40", color: "" },
      params,
    );
    expect(statusOf(automatic)).toBe(302);
    expect((await rowOf(row!.id)).color).toBeNull();
  });
});

describe("/api/services colour", () => {
  it("takes a palette key on POST, keeps it when PUT leaves it out, resets it with null, and answers 400 for anything else", async () => {
    const created = await api("POST", "/api/services", admin.token, {
      name: unique("Full Colour"),
      category: "Colour",
      duration: 90,
      price: 7500,
      color: "violet",
    });
    expect(created.status).toBe(201);
    expect(created.body.color).toBe("violet");
    const id = String(created.body.id);

    const put = await api(
      "PUT",
      `/api/services/${id}`,
      admin.token,
      { name: created.body.name, category: "Colour", duration: 60, price: 7500 },
      { id },
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ duration: 60, color: "violet" });

    const bad = await api("PATCH", `/api/services/${id}`, admin.token, { color: "#123456" }, { id });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Colour must be one of the palette's");

    const reset = await api("PATCH", `/api/services/${id}`, admin.token, { color: null }, { id });
    expect(reset.status).toBe(200);
    expect(reset.body.color).toBeNull();
    expect((await api("GET", `/api/services/${id}`, admin.token, undefined, { id })).body.color).toBeNull();
  });

  it("refuses a stylist's colour change and leaves the colour as it was", async () => {
    const created = await api("POST", "/api/services", admin.token, {
      name: unique("Toner"),
      category: "Colour",
      duration: 30,
      price: 2500,
      color: "amber",
    });
    const id = String(created.body.id);
    const refused = await api("PATCH", `/api/services/${id}`, stylist.token, { color: "blue" }, { id });
    expect(refused.status).toBe(403);
    expect((await rowOf(Number(id))).color).toBe("amber");
  });
});

describe("the calendar's colours", () => {
  it("paints a block with the chosen colour, and with the name's colour when none is chosen", async () => {
    const { stylist: column, service } = await createStylistAndService({
      name: unique("Balayage"),
      color: "deep-pink",
    });
    const client = await createTestClient();
    await createTestAppointment({
      clientId: client.id,
      stylistId: column.id,
      serviceId: service.id,
      startTime: "2027-05-04T10:00:00.000Z",
    });
    const request = makeRequest("GET", "/calendar?view=day&date=2027-05-04", { cookie: admin.cookie });
    const data = (await call(calendarPage.loader, request)) as { items: PackedItems };
    const item = unpackItems(data.items, "2027-05-04").find((entry) => entry.serviceName === service.name)!;
    expect(item.serviceColor).toBe("deep-pink");
    expect(serviceColor(item.serviceName, item.serviceColor)).toBe(SERVICE_COLORS["deep-pink"]);
    expect(serviceColor(item.serviceName, null)).toBe(SERVICE_COLORS[defaultServiceColorKey(item.serviceName)]);
  });
});
