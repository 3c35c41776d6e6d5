// The booking dialog's duration and price follow the stylist and service, whichever was
// chosen last, on the server too (decision 0098): a duration left as the form filled it for
// another stylist or service (the `filledDuration` marker) becomes the chosen pair's; one the
// user typed stays. Forms are posted as a browser without JavaScript sends them. The clock is
// fixed: Monday, November 23, 2026.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server";
import { appointments } from "#db/schema";
import * as editBooking from "~/routes/_app.calendar.appointments.$appointmentId";
import * as newBooking from "~/routes/_app.calendar.appointments.new";
import { saveSalonSettings } from "~/domain/settings.server";
import { call, makeRequest } from "../factories";
import { createService, stylistSession } from "../calendar-factories";
import { setCustomPricing } from "../services-factories";

const NOW = new Date("2026-11-23T12:00:00.000Z");
type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let jo: Session;
let sam: Session;
let cut: Awaited<ReturnType<typeof createService>>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  admin = await stylistSession("admin");
  await saveSalonSettings(admin.user, { timeZone: "Europe/London" });
  jo = await stylistSession("stylist");
  sam = await stylistSession("stylist");
  // Women's Cut: 45 minutes and £40 by default; Sam takes 60 minutes and charges £55.
  cut = await createService({ name: "Women's Cut", duration: 45, price: 4000 });
  await setCustomPricing(sam.stylistId, cut.id, { duration: 60, price: 5500 });
});
afterAll(() => vi.useRealTimers());

const fields = (time: string, extra: Record<string, string>) => ({
  // A new client for each booking: a name typed again would ask who it is for (decision 0097).
  clientName: `Fran Follows at ${time}`,
  serviceId: String(cut.id),
  date: "2026-12-01",
  time,
  status: "scheduled",
  availabilityOverride: "on",
  notes: "",
  ...extra,
});
const book = (time: string, extra: Record<string, string>) =>
  call(
    newBooking.action,
    makeRequest("POST", "/calendar/appointments/new", {
      cookie: admin.cookie,
      form: { intent: "create", ...fields(time, extra) },
    }),
  ) as Promise<Response>;
const edit = (id: number, extra: Record<string, string>) =>
  call(
    editBooking.action,
    makeRequest("POST", `/calendar/appointments/${id}`, {
      cookie: admin.cookie,
      form: { intent: "update", ...fields("14:00", extra) },
    }),
    { appointmentId: String(id) },
  ) as Promise<Response>;

async function bookedAt(time: string) {
  const start = new Date(`2026-12-01T${time}:00.000Z`).toISOString();
  const [row] = await db.select().from(appointments).where(eq(appointments.startTime, start));
  return { ...row!, minutes: (Date.parse(row!.endTime) - Date.parse(row!.startTime)) / 60_000 };
}

describe("the duration and price follow the stylist and service", () => {
  it("a duration filled for Jo, then Sam chosen, books Sam's 60 minutes at Sam's price", async () => {
    const response = await book("10:00", {
      stylistId: String(sam.stylistId),
      duration: "45",
      filledDuration: `${jo.stylistId}:${cut.id}:45`,
    });
    expect(response.status).toBe(302);
    expect(await bookedAt("10:00")).toMatchObject({ stylistId: sam.stylistId, minutes: 60, price: 5500 });
  });

  it("a duration typed after the fill stays as typed", async () => {
    await book("12:00", {
      stylistId: String(sam.stylistId),
      duration: "30",
      filledDuration: `${jo.stylistId}:${cut.id}:45`,
    });
    expect(await bookedAt("12:00")).toMatchObject({ minutes: 30, price: 5500 });
  });

  it("an edit moved from Jo to Sam with the duration left as filled takes Sam's duration and price", async () => {
    await book("14:00", { stylistId: String(jo.stylistId), duration: "45" });
    const booked = await bookedAt("14:00");
    expect(booked).toMatchObject({ minutes: 45, price: 4000 });
    const response = await edit(booked.id, {
      clientId: String(booked.clientId),
      stylistId: String(sam.stylistId),
      duration: "45",
      filledDuration: `${jo.stylistId}:${cut.id}:45`,
    });
    expect(response.status).toBe(302);
    expect(await bookedAt("14:00")).toMatchObject({ stylistId: sam.stylistId, minutes: 60, price: 5500 });
  });

  it("an edit that keeps the stylist and service keeps the booked length", async () => {
    await book("16:00", { stylistId: String(jo.stylistId), duration: "45" });
    const booked = await bookedAt("16:00");
    await setCustomPricing(jo.stylistId, cut.id, { duration: 90 });
    await edit(booked.id, {
      clientId: String(booked.clientId),
      time: "16:00",
      stylistId: String(jo.stylistId),
      duration: "45",
      notes: "Fringe only",
      filledDuration: `${jo.stylistId}:${cut.id}:45`,
    });
    expect(await bookedAt("16:00")).toMatchObject({ minutes: 45, notes: "Fringe only" });
  });
});
