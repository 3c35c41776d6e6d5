// The screens' loaders and actions: what the forms post without JavaScript.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { services, stylistAvailability, stylistPricing, timeOff } from "#db/schema";
import { rotaWeek, todayInZone } from "~/lib/salon-time";
import * as availabilityPage from "~/routes/_app.availability";
import * as deleteTimeOffDialog from "~/routes/_app.availability.time-off.$timeOffId.delete";
import * as addTimeOffDialog from "~/routes/_app.availability.time-off.new";
import * as pricingPage from "~/routes/_app.pricing";
import * as editServiceDialog from "~/routes/_app.services.$serviceId.edit";
import * as servicesPage from "~/routes/_app.services";
import * as newServiceDialog from "~/routes/_app.services.new";
import { call, makeRequest, signedIn, statusOf } from "../factories";
import { createService, createStylist, createTimeOff, setCustomPricing, signedInStylist } from "../services-factories";
import { useTestClock } from "../clock";

// Counts from today: the tests' clock (tests/clock.ts) fixes the day, or CI's second run moves it.
useTestClock();

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
beforeAll(async () => {
  admin = await signedIn("admin");
});

/** The payload of a `data()` result or a plain loader value. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- action data of every shape, read by the assertions
function payload(result: unknown): any {
  return result &&
    typeof result === "object" &&
    "type" in result &&
    (result as { type: string }).type === "DataWithResponseInit"
    ? (result as unknown as { data: unknown }).data
    : result;
}
const post = (
  handler: unknown,
  path: string,
  cookie: string,
  form: Record<string, string>,
  params: Record<string, string> = {},
) => call(handler, makeRequest("POST", path, { cookie, form }), params);
const get = async (handler: unknown, path: string, cookie: string, params: Record<string, string> = {}) =>
  payload(await call(handler, makeRequest("GET", path, { cookie }), params));
/** The toast an action's redirect carries in its signed flash cookie. */
function toastOf(response: unknown): { title: string; description: string } {
  expect(response).toBeInstanceOf(Response);
  const cookie = (response as Response).headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(cookie.match(/(?:^|, )toast=([^;]+)/)?.[1] ?? "");
  const encoded = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(decodeURIComponent(escape(atob(encoded))));
}

describe("/services", () => {
  it("shows the four figures over the whole menu and filters the cards with ?q=", async () => {
    await db.delete(services);
    await createService({ name: "Balayage", category: "Colour", price: 14000 });
    await createService({ name: "Men's Cut", category: "Hair", price: 2400 });
    await createService({ name: "Perm", category: "hair", price: 8500, isActive: false });
    const all = await get(servicesPage.loader, "/services", admin.cookie);
    // Avg Price: (140 + 24 + 85) / 3 = £83.00 exactly.
    expect(all.stats).toEqual({ total: 3, active: 2, categories: 2, averagePrice: 8300 });
    expect(all.canWrite).toBe(true);
    const searched = await get(servicesPage.loader, "/services?q=HAIR", admin.cookie);
    expect(searched.services.map((s: { name: string }) => s.name)).toEqual(["Men's Cut", "Perm"]);
    expect(searched.stats.total).toBe(3);
    const stylist = await signedIn("stylist");
    expect((await get(servicesPage.loader, "/services", stylist.cookie)).canWrite).toBe(false);
  });

  it("Add Service: 400 with every SPEC message, then creates in pence and redirects with 'Service created successfully'", async () => {
    const invalid = payload(
      await post(newServiceDialog.action, "/services/new", admin.cookie, {
        name: "",
        category: "",
        duration: "10",
        priceInPounds: "-1",
      }),
    );
    expect(invalid.result.error).toMatchObject({
      name: ["Service name is required"],
      category: ["Category is required"],
      duration: ["Duration must be at least 15 minutes"],
      priceInPounds: ["Price must be positive"],
    });
    expect(
      statusOf(
        await post(newServiceDialog.action, "/services/new", admin.cookie, {
          name: "x",
          category: "y",
          duration: "",
          priceInPounds: "",
        }),
      ),
    ).toBe(400);

    const created = await post(newServiceDialog.action, "/services/new?q=glo", admin.cookie, {
      name: "Toner & Gloss",
      category: "Colour",
      duration: "30",
      priceInPounds: "25.5",
      isActive: "on",
    });
    expect(statusOf(created)).toBe(302);
    expect((created as Response).headers.get("Location")).toBe("/services?q=glo");
    expect(toastOf(created)).toMatchObject({ title: "Success", description: "Service created successfully" });
    const [row] = await db.select().from(services).where(eq(services.name, "Toner & Gloss"));
    expect(row).toMatchObject({ category: "Colour", duration: 30, price: 2550, isActive: true });

    const inactive = await post(newServiceDialog.action, "/services/new", admin.cookie, {
      name: "Retired",
      category: "Hair",
      duration: "30",
      priceInPounds: "10",
    });
    expect(statusOf(inactive)).toBe(302);
    expect((await db.select().from(services).where(eq(services.name, "Retired")))[0]!.isActive).toBe(false);

    const duplicate = await post(newServiceDialog.action, "/services/new", admin.cookie, {
      name: "toner & gloss",
      category: "Colour",
      duration: "30",
      priceInPounds: "1",
    });
    expect(statusOf(duplicate)).toBe(409);
    expect(payload(duplicate).result.error).toMatchObject({
      "": ["Failed to create service"],
      name: ["A service with this name already exists"],
    });
  });

  it("Edit Service: loads the service, saves it with 'Service updated successfully', 404 for a missing one", async () => {
    const service = await createService({ name: "Gel Manicure", category: "Nails", duration: 45, price: 3000 });
    const loaded = await get(editServiceDialog.loader, `/services/${service.id}/edit`, admin.cookie, {
      serviceId: String(service.id),
    });
    expect(loaded.service).toMatchObject({ name: "Gel Manicure", price: 3000 });
    expect(loaded.categories).toContain("Nails");
    const saved = await post(
      editServiceDialog.action,
      `/services/${service.id}/edit`,
      admin.cookie,
      { name: "Gel Manicure", category: "Nails", duration: "50", priceInPounds: "32" },
      { serviceId: String(service.id) },
    );
    expect(statusOf(saved)).toBe(302);
    expect(toastOf(saved)).toMatchObject({ title: "Success", description: "Service updated successfully" });
    const [row] = await db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ duration: 50, price: 3200, isActive: false });
    expect(
      statusOf(
        await call(editServiceDialog.loader, makeRequest("GET", "/services/99999/edit", { cookie: admin.cookie }), {
          serviceId: "99999",
        }),
      ),
    ).toBe(404);
  });
});

describe("/pricing", () => {
  it("asks an admin to choose, then lists every service with the chosen stylist's custom values", async () => {
    const stylist = await createStylist();
    const cut = await createService({ name: "Pricing Cut", price: 4000, duration: 60 });
    await setCustomPricing(stylist.id, cut.id, { price: 4500, duration: 50 });
    const unchosen = await get(pricingPage.loader, "/pricing", admin.cookie);
    expect(unchosen.selected).toBeNull();
    expect(unchosen.chooser).toBe(true);
    expect(unchosen.stylists.map((s: { id: number }) => s.id)).toContain(stylist.id);
    const chosen = await get(pricingPage.loader, `/pricing?stylist=${stylist.id}`, admin.cookie);
    expect(chosen.selected.id).toBe(stylist.id);
    expect(chosen.rows.find((row: { serviceId: number }) => row.serviceId === cut.id)).toMatchObject({
      price: 4000,
      duration: 60,
      customPrice: 4500,
      customDuration: 50,
    });
  });

  it("auto-selects a stylist's own profile and shows them no one else", async () => {
    const me = await signedInStylist();
    const mine = await get(pricingPage.loader, "/pricing", me.cookie);
    expect(mine.chooser).toBe(false);
    expect(mine.selected.id).toBe(me.stylist.id);
    expect(mine.stylists).toEqual([expect.objectContaining({ id: me.stylist.id })]);
  });

  it("saves a price or a duration with SPEC's toasts, and answers 400 with the row's message", async () => {
    const me = await signedInStylist();
    const service = await createService({ price: 2000, duration: 30 });
    const form = { stylistId: String(me.stylist.id), serviceId: String(service.id) };
    const price = await post(pricingPage.action, "/pricing", me.cookie, {
      ...form,
      intent: "price",
      priceInPounds: "22.50",
      duration: "",
    });
    expect(statusOf(price)).toBe(302);
    expect((price as Response).headers.get("Location")).toBe(`/pricing?stylist=${me.stylist.id}`);
    expect(toastOf(price).title).toBe("Price Updated");
    // The row's other field is saved too (decision 0098): a bad one refuses the save, on that field.
    const refused = await post(pricingPage.action, "/pricing", me.cookie, {
      ...form,
      intent: "duration",
      duration: "40",
      priceInPounds: "oops",
    });
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).result.error).toMatchObject({ priceInPounds: ["Price must be a number"] });
    const duration = await post(pricingPage.action, "/pricing", me.cookie, {
      ...form,
      intent: "duration",
      duration: "40",
      priceInPounds: "22.50",
    });
    expect(statusOf(duration)).toBe(302);
    expect(toastOf(duration).title).toBe("Duration Updated");
    const [entry] = await db.select().from(stylistPricing).where(eq(stylistPricing.stylistId, me.stylist.id));
    expect(entry).toMatchObject({ price: 2250, duration: 40 });

    const bad = await post(pricingPage.action, "/pricing", me.cookie, { ...form, intent: "duration", duration: "0" });
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad)).toMatchObject({
      serviceId: service.id,
      result: { error: { duration: ["Duration must be at least 1 minute"] } },
    });
    const negative = await post(pricingPage.action, "/pricing", me.cookie, {
      ...form,
      intent: "price",
      priceInPounds: "-2",
    });
    expect(payload(negative).result.error).toMatchObject({ priceInPounds: ["Price must be positive"] });
    const missing = await post(pricingPage.action, "/pricing", me.cookie, {
      ...form,
      serviceId: "99999",
      intent: "price",
      priceInPounds: "2",
    });
    expect(statusOf(missing)).toBe(404);
    expect(payload(missing).result.error[""]).toEqual(["Service not found"]);
  });
});

describe("/availability", () => {
  it("loads the stylist's own days with defaults and says which rota week this is", async () => {
    const me = await signedInStylist();
    const loaded = await get(availabilityPage.loader, "/availability", me.cookie);
    expect(loaded.selected.id).toBe(me.stylist.id);
    expect(loaded.scheduleMode).toBe("weekly");
    expect(loaded.days).toHaveLength(7);
    expect(loaded.thisWeek.number).toBe(rotaWeek(todayInZone("Europe/London")));
    expect(loaded.timeOff).toEqual([]);
  });

  it("saves a day from its form (an unticked switch means not working) and refuses end before start", async () => {
    const me = await signedInStylist();
    const base = { intent: "day", stylistId: String(me.stylist.id), dayOfWeek: "3" };
    const off = await post(availabilityPage.action, "/availability", me.cookie, {
      ...base,
      startTime: "09:00",
      endTime: "17:00",
    });
    expect(statusOf(off)).toBe(302);
    expect((off as Response).headers.get("Location")).toBe(`/availability?stylist=${me.stylist.id}`);
    expect(toastOf(off)).toMatchObject({ title: "Success", description: "Availability updated." });
    const on = await post(availabilityPage.action, "/availability", me.cookie, {
      ...base,
      isWorking: "on",
      startTime: "11:00",
      endTime: "19:00",
    });
    expect(statusOf(on)).toBe(302);
    const [row] = await db.select().from(stylistAvailability).where(eq(stylistAvailability.stylistId, me.stylist.id));
    expect(row).toMatchObject({ dayOfWeek: 3, isWorking: true, startTime: "11:00", endTime: "19:00" });

    const backwards = await post(availabilityPage.action, "/availability", me.cookie, {
      ...base,
      isWorking: "on",
      startTime: "18:00",
      endTime: "10:00",
    });
    expect(statusOf(backwards)).toBe(400);
    expect(payload(backwards)).toMatchObject({
      intent: "day",
      dayOfWeek: 3,
      result: { error: { "": ["End time must be after start time"] } },
    });
    const mode = await post(availabilityPage.action, "/availability", me.cookie, {
      intent: "mode",
      stylistId: String(me.stylist.id),
      scheduleMode: "biweekly",
    });
    expect(statusOf(mode)).toBe(302);
    expect((await get(availabilityPage.loader, "/availability", me.cookie)).days).toHaveLength(14);
  });

  it("adds time off from the dialog (end not before start) and deletes it after confirmation", async () => {
    const me = await signedInStylist();
    const reversed = await post(addTimeOffDialog.action, "/availability/time-off/new", me.cookie, {
      startDate: "2026-09-10",
      endDate: "2026-09-09",
      reason: "",
    });
    expect(statusOf(reversed)).toBe(400);
    expect(payload(reversed).result.error).toMatchObject({ endDate: ["End date cannot be before the start date"] });
    const added = await post(addTimeOffDialog.action, "/availability/time-off/new", me.cookie, {
      startDate: "2026-09-10",
      endDate: "2026-09-12",
      reason: "Vacation",
    });
    expect(statusOf(added)).toBe(302);
    expect((added as Response).headers.get("Location")).toBe("/availability");
    expect(toastOf(added)).toMatchObject({ title: "Success", description: "Time off added." });
    const [period] = await db.select().from(timeOff).where(eq(timeOff.stylistId, me.stylist.id));
    expect(period).toMatchObject({ startDate: "2026-09-10", endDate: "2026-09-12", reason: "Vacation" });

    const confirm = await get(deleteTimeOffDialog.loader, `/availability/time-off/${period!.id}/delete`, me.cookie, {
      timeOffId: String(period!.id),
    });
    expect(confirm.period).toMatchObject({ id: period!.id, reason: "Vacation" });
    const deleted = await post(
      deleteTimeOffDialog.action,
      `/availability/time-off/${period!.id}/delete`,
      me.cookie,
      {},
      { timeOffId: String(period!.id) },
    );
    expect(statusOf(deleted)).toBe(302);
    expect(toastOf(deleted)).toMatchObject({ title: "Success", description: "Time off deleted." });
    const again = await post(
      deleteTimeOffDialog.action,
      `/availability/time-off/${period!.id}/delete`,
      me.cookie,
      {},
      { timeOffId: String(period!.id) },
    );
    expect(statusOf(again)).toBe(404);
    expect(payload(again).result.error[""]).toEqual(["Failed to delete time off: Time off not found"]);
  });

  it("lets an admin manage a chosen stylist's time off through ?stylist=", async () => {
    const stylist = await createStylist();
    const added = await post(
      addTimeOffDialog.action,
      `/availability/time-off/new?stylist=${stylist.id}`,
      admin.cookie,
      { startDate: "2026-10-01", endDate: "2026-10-01" },
    );
    expect((added as Response).headers.get("Location")).toBe(`/availability?stylist=${stylist.id}`);
    const existing = await createTimeOff(stylist.id, "2026-11-01", "2026-11-02");
    const page = await get(availabilityPage.loader, `/availability?stylist=${stylist.id}`, admin.cookie);
    expect(page.timeOff.map((p: { id: number }) => p.id)).toContain(existing.id);
    expect(page.timeOff).toHaveLength(2);
  });
});
