// The online booking page's one slot computation (decision 0100) and its public read API:
// the staff booking rules (working hours, bi-weekly weeks, time off, appointments, blocked
// time, per-stylist durations, the grid, the advance limit) plus the online ones (lead
// time, buffers, services and stylists switched off), right on both clock-change days; and
// the online rules of the booking rule chain, which refuse any write that is not a slot.
// Every computation is given its own `now`; the file's clock is pinned too.
import { eq, ne } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, writeTransaction } from "#db/client.server";
import { appointments, salonSettings, services, stylists } from "#db/schema";
import { onlineClient, type Actor, type WriteActor } from "~/domain/access.server";
import { checkAppointmentWrite, salonRules } from "~/domain/appointment-rules.server";
import { insertChecked, moveChecked, resolveWrite, type AppointmentWrite } from "~/domain/appointment-writes.server";
import {
  findSlots,
  nearestSlots,
  offeredStylists,
  publicSalon,
  publicServices,
  publicStylistName,
  salonSlots,
  type Slot,
} from "~/domain/online-slots.server";
import { saveSalonSettings } from "~/domain/settings.server";
import { timeInZone, dateInZone, zonedToUtc } from "~/lib/salon-time";
import * as salonRoute from "~/routes/api.public.salon";
import * as servicesRoute from "~/routes/api.public.services";
import * as slotsRoute from "~/routes/api.public.slots";
import { pinClock } from "../clock";
import { call, createTestUser, json, makeRequest } from "../factories";
import { createClient } from "../calendar-factories";
import {
  createService,
  createStylist,
  createTimeOff,
  setCustomPricing,
  setDay,
  setScheduleMode,
} from "../services-factories";

const TZ = "Europe/London";
// Monday, March 16, 2026, 06:00 in London (GMT): before anyone's working day.
const NOW = new Date("2026-03-16T06:00:00.000Z");
pinClock(NOW);

let admin: Actor;

async function setOnline(values: Partial<typeof salonSettings.$inferInsert> = {}) {
  const { bookingAdvanceLimit = 300, timeZone = TZ, ...online } = values;
  await db
    .update(salonSettings)
    .set({ onlineBookingEnabled: true, onlineLeadTimeHours: 2, onlinePolicyText: "", ...online })
    .where(eq(salonSettings.id, 1));
  // The salon's own fields through the domain, which clears its settings cache too.
  await saveSalonSettings(admin, { bookingAdvanceLimit, timeZone });
}

beforeAll(async () => {
  admin = await createTestUser("admin");
  await saveSalonSettings(admin, { salonName: "Online Salon", timeZone: TZ, phone: "020 7946 0000" });
});
beforeEach(() => setOnline());

type Query = Parameters<typeof findSlots>[1];
const slotsOf = (query: Query) => findSlots(db, { now: NOW, ...query });
/** The wall-clock starts of the slots on one salon date. */
const startsOn = (slots: Slot[], date: string) =>
  slots.filter((slot) => dateInZone(slot.start, TZ) === date).map((slot) => timeInZone(slot.start, TZ));
/** Every quarter hour from `first` to `last`, inclusive ("09:00".."16:00"). */
function quarters(first: string, last: string): string[] {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const list: string[] = [];
  for (let minutes = toMinutes(first); minutes <= toMinutes(last); minutes += 15)
    list.push(`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
  return list;
}
const at = (date: string, time: string) => zonedToUtc(date, time, TZ);

async function appointment(
  stylistId: number,
  date: string,
  from: string,
  to: string,
  extra: Partial<typeof appointments.$inferInsert> = {},
) {
  const client =
    extra.status === "blocked" ? null : await createClient({ name: "Priya Private", email: "priya@private.test" });
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId,
      clientId: client?.id ?? null,
      startTime: at(date, from).toISOString(),
      endTime: at(date, to).toISOString(),
      status: "scheduled",
      ...extra,
    })
    .returning();
  return row!;
}

describe("while online booking is off", () => {
  afterEach(() => setOnline());

  it("every public read answers 404 with a message", async () => {
    await setOnline({ onlineBookingEnabled: false });
    const service = await createService();
    for (const [route, path] of [
      [salonRoute, "/api/public/salon"],
      [servicesRoute, "/api/public/services"],
      [slotsRoute, `/api/public/slots?serviceId=${service.id}&from=2026-03-17&to=2026-03-17`],
    ] as const) {
      const answer = await json(await call(route.loader, makeRequest("GET", path)));
      expect(answer, path).toEqual({ status: 404, body: { message: "Online booking is not available." } });
    }
  });
});

describe("the salon and its services", () => {
  it("names the salon, its zone, policy, lead time, advance limit, notice and phone", async () => {
    await setOnline({ onlinePolicyText: "Please arrive 5 minutes early.", onlineLeadTimeHours: 4 });
    const answer = await json(await call(salonRoute.loader, makeRequest("GET", "/api/public/salon")));
    expect(answer.status).toBe(200);
    expect(await publicSalon()).toEqual(answer.body);
    expect(answer.body).toEqual({
      salonName: "Online Salon",
      timeZone: TZ,
      clockFormat: "12h",
      policyText: "Please arrive 5 minutes early.",
      leadTimeHours: 4,
      advanceLimitDays: 300,
      cancellationNoticeHours: 24,
      phone: "020 7946 0000",
    });
  });

  it("lists active online services with online stylists as first name and initial, per-stylist terms and a 'from' price, and no client's data", async () => {
    const sofia = await createStylist({ firstName: "Sofia", lastName: "Styles" });
    const theo = await createStylist({ firstName: "Theo", lastName: "van Trim" });
    const hidden = await createStylist({ firstName: "Hidden", lastName: "Person" });
    await db.update(stylists).set({ onlineBookable: false }).where(eq(stylists.id, hidden.id));
    const cut = await createService({ name: "Menu Cut", category: "Hair", duration: 45, price: 3000 });
    const offline = await createService({ name: "Menu Offline", onlineBookable: false });
    const retired = await createService({ name: "Menu Retired", isActive: false });
    await setCustomPricing(theo.id, cut.id, { price: 4200, duration: 60 });
    await appointment(sofia.id, "2026-03-17", "10:00", "11:00", { serviceId: cut.id });

    const answer = await json(await call(servicesRoute.loader, makeRequest("GET", "/api/public/services")));
    expect(answer.status).toBe(200);
    const listed = answer.body.services as { id: number; name: string }[];
    expect(listed.map((service) => service.id)).toContain(cut.id);
    expect(listed.map((service) => service.id)).not.toContain(offline.id);
    expect(listed.map((service) => service.id)).not.toContain(retired.id);
    const menuCut = listed.find((service) => service.id === cut.id) as unknown as Record<string, unknown> & {
      stylists: { id: number; name: string; duration: number; price: number }[];
    };
    expect(menuCut).toMatchObject({ name: "Menu Cut", category: "Hair", duration: 45, price: 3000, priceFrom: true });
    expect(menuCut.stylists).toContainEqual({ id: sofia.id, name: "Sofia S.", duration: 45, price: 3000 });
    expect(menuCut.stylists).toContainEqual({ id: theo.id, name: "Theo T.", duration: 60, price: 4200 });
    expect(menuCut.stylists.map((stylist) => stylist.id)).not.toContain(hidden.id);
    const text = JSON.stringify(answer.body);
    for (const secret of ["Priya", "priya@private.test", "Styles", "Hidden", "@", "07400"])
      expect(text).not.toContain(secret);
    expect(await publicServices()).toEqual(answer.body.services);
    expect(publicStylistName("  Ana  ")).toBe("Ana");
  });
});

describe("one stylist's slots", () => {
  it("are the 15-minute grid inside working hours for the stylist's own duration", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    // Monday, March 16: SPEC's default day, 09:00-17:00.
    const slots = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-16" });
    expect(startsOn(slots, "2026-03-16")).toEqual(quarters("09:00", "16:00"));
    expect(slots.every((slot) => slot.stylistIds.length === 1 && slot.stylistIds[0] === ann.id)).toBe(true);
    expect(slots[0]!.start).toBe("2026-03-16T09:00:00.000Z");

    // Her own 90 minutes (the pricing table) end the day at 15:30; an odd 50 is booked as 60.
    await setCustomPricing(ann.id, hour.id, { duration: 90 });
    const longer = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-16" });
    expect(startsOn(longer, "2026-03-16").at(-1)).toBe("15:30");
    const odd = await createService({ duration: 50 });
    const rounded = await slotsOf({ serviceId: odd.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-16" });
    expect(startsOn(rounded, "2026-03-16").at(-1)).toBe("16:00");

    // Sunday is not a working day by default.
    const sunday = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-22", to: "2026-03-22" });
    expect(sunday).toEqual([]);
  });

  it("start no earlier than the lead time", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    await setOnline({ onlineLeadTimeHours: 3 });
    // 08:10 + 3 hours: 11:10, so 11:15 is the first start.
    const now = new Date("2026-03-16T08:10:00.000Z");
    const slots = await findSlots(db, {
      serviceId: hour.id,
      stylistId: ann.id,
      from: "2026-03-16",
      to: "2026-03-17",
      now,
    });
    expect(startsOn(slots, "2026-03-16")[0]).toBe("11:15");
    expect(startsOn(slots, "2026-03-17")[0]).toBe("09:00");
    await setOnline({ onlineLeadTimeHours: 0 });
    const none = await findSlots(db, {
      serviceId: hour.id,
      stylistId: ann.id,
      from: "2026-03-16",
      to: "2026-03-16",
      now,
    });
    expect(startsOn(none, "2026-03-16")[0]).toBe("09:00");
    // Dates already past give nothing.
    expect(
      await findSlots(db, { serviceId: hour.id, stylistId: ann.id, from: "2026-03-09", to: "2026-03-13", now }),
    ).toEqual([]);
  });

  it("end at the advance limit", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    await setOnline({ bookingAdvanceLimit: 3 });
    const slots = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-25" });
    expect([...new Set(slots.map((slot) => dateInZone(slot.start, TZ)))]).toEqual([
      "2026-03-16",
      "2026-03-17",
      "2026-03-18",
      "2026-03-19",
    ]);
  });

  it("leave out time off, days off and the other week of a bi-weekly rota", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    await createTimeOff(ann.id, "2026-03-17", "2026-03-18", "Holiday");
    await setDay(ann.id, 4, { isWorking: false });
    await setDay(ann.id, 5, { startTime: "12:00", endTime: "14:00" });
    const slots = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-20" });
    expect([...new Set(slots.map((slot) => dateInZone(slot.start, TZ)))]).toEqual(["2026-03-16", "2026-03-20"]);
    expect(startsOn(slots, "2026-03-20")).toEqual(quarters("12:00", "13:00"));

    // Bi-weekly: Monday of week 2 (day 8) off, week 1's Monday 10:00-12:00.
    const bo = await createStylist();
    await setScheduleMode(bo.id, "biweekly");
    await setDay(bo.id, 1, { startTime: "10:00", endTime: "12:00" });
    await setDay(bo.id, 8, { isWorking: false });
    const fortnight = await slotsOf({ serviceId: hour.id, stylistId: bo.id, from: "2026-03-16", to: "2026-03-23" });
    const mondays = ["2026-03-16", "2026-03-23"].map((date) => startsOn(fortnight, date));
    // One of the two Mondays is week 1, the other week 2.
    expect(mondays.map((list) => list.length).sort()).toEqual([0, 5]);
    expect(mondays.find((list) => list.length > 0)).toEqual(quarters("10:00", "11:00"));
  });

  it("keep clear of appointments, blocked time and requested bookings, not of cancelled ones", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    await appointment(ann.id, "2026-03-16", "10:00", "11:00", { serviceId: hour.id });
    await appointment(ann.id, "2026-03-16", "12:00", "12:30", { status: "blocked", notes: "Lunch" });
    await appointment(ann.id, "2026-03-16", "14:00", "15:00", { serviceId: hour.id, status: "requested" });
    await appointment(ann.id, "2026-03-16", "15:00", "16:00", { serviceId: hour.id, status: "cancelled" });
    const slots = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-16" });
    expect(startsOn(slots, "2026-03-16")).toEqual([
      "09:00",
      "11:00",
      "12:30",
      "12:45",
      "13:00",
      "15:00",
      "15:15",
      "15:30",
      "15:45",
      "16:00",
    ]);
  });

  it("keep the service's buffer free after it, and the previous appointment's buffer after that one", async () => {
    const ann = await createStylist();
    const buffered = await createService({ duration: 60, bufferMinutes: 30 });
    const plain = await createService({ duration: 30 });
    const tidy = await createService({ duration: 60, bufferMinutes: 15 });
    // 12:00-13:00 of a service with a 15-minute buffer: 13:00-13:15 stays free too.
    await appointment(ann.id, "2026-03-16", "12:00", "13:00", { serviceId: tidy.id });
    const withOwn = await slotsOf({ serviceId: buffered.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-16" });
    // Own buffer: 10:30 ends 11:30, buffer to 12:00: fine; 10:45 would reach 12:15. The last
    // start of the day needs no room after the working hours for its buffer.
    expect(startsOn(withOwn, "2026-03-16")).toEqual([...quarters("09:00", "10:30"), ...quarters("13:15", "16:00")]);
    const withoutOwn = await slotsOf({ serviceId: plain.id, stylistId: ann.id, from: "2026-03-16", to: "2026-03-16" });
    expect(startsOn(withoutOwn, "2026-03-16")).toEqual([...quarters("09:00", "11:30"), ...quarters("13:15", "16:30")]);
  });
});

describe("anyone", () => {
  it("offers the union of the stylists' slots, each with who can take it, the least booked that day first", async () => {
    // Only these two are offered.
    await db.update(stylists).set({ onlineBookable: false });
    const ann = await createStylist();
    const bea = await createStylist();
    const off = await createStylist();
    await db.update(stylists).set({ onlineBookable: false }).where(eq(stylists.id, off.id));
    const hour = await createService({ duration: 60 });
    await setDay(ann.id, 2, { startTime: "09:00", endTime: "12:00" });
    await setDay(bea.id, 2, { startTime: "11:00", endTime: "14:00" });
    // Ann has 60 booked minutes on Tuesday 17th, Bea 90 (blocked time is not booked work).
    await appointment(ann.id, "2026-03-17", "09:00", "10:00", { serviceId: hour.id });
    await appointment(bea.id, "2026-03-17", "13:00", "14:00", { serviceId: hour.id });
    await appointment(bea.id, "2026-03-17", "07:00", "07:30", { serviceId: hour.id });
    await appointment(ann.id, "2026-03-17", "07:00", "08:30", { status: "blocked" });

    const slots = await slotsOf({ serviceId: hour.id, from: "2026-03-17", to: "2026-03-17" });
    const byTime = Object.fromEntries(slots.map((slot) => [timeInZone(slot.start, TZ), slot.stylistIds]));
    expect(Object.keys(byTime)).toEqual(quarters("10:00", "12:00"));
    expect(byTime["10:00"]).toEqual([ann.id]);
    expect(byTime["11:00"]).toEqual([ann.id, bea.id]);
    expect(byTime["12:00"]).toEqual([bea.id]);
    for (const slot of slots) expect(slot.stylistIds).not.toContain(off.id);

    // Equal booked minutes: the lower id first.
    await appointment(ann.id, "2026-03-17", "07:30", "08:00", { serviceId: hour.id });
    const even = await slotsOf({ serviceId: hour.id, from: "2026-03-17", to: "2026-03-17" });
    const eleven = even.find((slot) => timeInZone(slot.start, TZ) === "11:00")!;
    expect(eleven.stylistIds).toEqual([Math.min(ann.id, bea.id), Math.max(ann.id, bea.id)]);

    // offeredStylists gives the same answer for one start, in the same order.
    expect(await offeredStylists(db, { serviceId: hour.id, start: new Date(eleven.start), now: NOW })).toEqual(
      eleven.stylistIds,
    );
    expect(await offeredStylists(db, { serviceId: hour.id, start: at("2026-03-17", "11:05"), now: NOW })).toEqual([]);
    expect(
      await offeredStylists(db, { serviceId: hour.id, stylistId: bea.id, start: new Date(eleven.start), now: NOW }),
    ).toEqual([bea.id]);

    // The nearest alternatives to a taken time, earliest first.
    const nearest = await nearestSlots(db, {
      serviceId: hour.id,
      around: at("2026-03-17", "11:00"),
      now: NOW,
      limit: 3,
    });
    expect(nearest.map((slot) => timeInZone(slot.start, TZ))).toEqual(["10:45", "11:00", "11:15"]);
    await db.update(stylists).set({ onlineBookable: true }).where(ne(stylists.id, off.id));
  });

  it("leaves out stylists who no longer work here and refuses a stylist or service not offered", async () => {
    const gone = await createStylist();
    await db.update(stylists).set({ isActive: false }).where(eq(stylists.id, gone.id));
    const hidden = await createStylist();
    await db.update(stylists).set({ onlineBookable: false }).where(eq(stylists.id, hidden.id));
    const hour = await createService({ duration: 60 });
    const slots = await slotsOf({ serviceId: hour.id, from: "2026-03-16", to: "2026-03-20" });
    for (const slot of slots) expect(slot.stylistIds).not.toContain(gone.id);
    for (const slot of slots) expect(slot.stylistIds).not.toContain(hidden.id);
    await expect(
      slotsOf({ serviceId: hour.id, stylistId: hidden.id, from: "2026-03-16", to: "2026-03-16" }),
    ).rejects.toThrow("This stylist cannot be booked online.");
    await expect(
      slotsOf({ serviceId: hour.id, stylistId: gone.id, from: "2026-03-16", to: "2026-03-16" }),
    ).rejects.toThrow("This stylist cannot be booked online.");
    const offline = await createService({ onlineBookable: false });
    const retired = await createService({ isActive: false });
    for (const service of [offline, retired])
      await expect(slotsOf({ serviceId: service.id, from: "2026-03-16", to: "2026-03-16" })).rejects.toThrow(
        "This service cannot be booked online.",
      );
  });
});

describe("the clock changes", () => {
  it("March 29, 2026 (23 hours in London): slots keep their wall-clock times", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    await setDay(ann.id, 6, { startTime: "09:00", endTime: "17:00" });
    await setDay(ann.id, 7, { startTime: "07:00", endTime: "23:00" });
    await appointment(ann.id, "2026-03-29", "12:00", "13:00", { serviceId: hour.id });
    const slots = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-28", to: "2026-03-30" });
    expect(startsOn(slots, "2026-03-28")).toEqual(quarters("09:00", "16:00"));
    expect(startsOn(slots, "2026-03-29")).toEqual([...quarters("07:00", "11:00"), ...quarters("13:00", "22:00")]);
    expect(slots.find((slot) => dateInZone(slot.start, TZ) === "2026-03-28")!.start).toBe("2026-03-28T09:00:00.000Z");
    // British Summer Time: 07:00 in London is 06:00 UTC.
    expect(slots.find((slot) => dateInZone(slot.start, TZ) === "2026-03-29")!.start).toBe("2026-03-29T06:00:00.000Z");
    expect(slots.find((slot) => dateInZone(slot.start, TZ) === "2026-03-30")!.start).toBe("2026-03-30T08:00:00.000Z");
  });

  it("October 25, 2026 (25 hours in London): slots keep their wall-clock times", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    await setDay(ann.id, 7, { startTime: "07:00", endTime: "23:00" });
    await appointment(ann.id, "2026-10-25", "12:00", "13:00", { serviceId: hour.id });
    const now = new Date("2026-10-20T12:00:00.000Z");
    const slots = await findSlots(db, {
      serviceId: hour.id,
      stylistId: ann.id,
      from: "2026-10-24",
      to: "2026-10-26",
      now,
    });
    expect(startsOn(slots, "2026-10-24")).toEqual(quarters("09:00", "16:00"));
    expect(startsOn(slots, "2026-10-25")).toEqual([...quarters("07:00", "11:00"), ...quarters("13:00", "22:00")]);
    expect(slots.find((slot) => dateInZone(slot.start, TZ) === "2026-10-24")!.start).toBe("2026-10-24T08:00:00.000Z");
    // Back on GMT: 07:00 in London is 07:00 UTC.
    expect(slots.find((slot) => dateInZone(slot.start, TZ) === "2026-10-25")!.start).toBe("2026-10-25T07:00:00.000Z");
  });
});

describe("a clock change inside the grid", () => {
  afterEach(() => setOnline());

  it("Easter Island, September 5, 2026: 22:00 becomes 23:00, so the evening's last hour-long slot starts at 21:00", async () => {
    const easter = "Pacific/Easter";
    await setOnline({ timeZone: easter });
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    // A Saturday: 20:00-23:00 on the wall clock, two real hours that evening.
    await setDay(ann.id, 6, { startTime: "20:00", endTime: "23:00" });
    const slots = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-09-05", to: "2026-09-05" });
    expect(slots.map((slot) => timeInZone(slot.start, easter))).toEqual(quarters("20:00", "21:00"));
    // 21:00 (-06:00) is 03:00 UTC; its hour ends at 23:00 on the wall clock (-05:00).
    expect(slots.at(-1)!.start).toBe("2026-09-06T03:00:00.000Z");
    // The rule chain agrees: not 21:15 (its hour would end at 23:15 on the wall clock), but 21:00.
    const client = onlineClient("Eve E.");
    await expect(
      bookAs(client, { stylistId: ann.id, serviceId: hour.id, start: new Date("2026-09-06T03:15:00.000Z") }),
    ).rejects.toThrow("Appointments must start and end between 7:00 AM and 11:00 PM on one day.");
    const booked = await bookAs(client, {
      stylistId: ann.id,
      serviceId: hour.id,
      start: new Date(slots.at(-1)!.start),
    });
    expect(booked).toBeGreaterThan(0);
  });
});

describe("GET /api/public/slots", () => {
  const get = (query: string) => call(slotsRoute.loader, makeRequest("GET", `/api/public/slots?${query}`)).then(json);

  it("answers the slots for anyone or one stylist", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60 });
    const one = await get(`serviceId=${hour.id}&stylistId=${ann.id}&from=2026-03-16&to=2026-03-16`);
    expect(one.status).toBe(200);
    expect(one.body.slots[0]).toEqual({ start: "2026-03-16T09:00:00.000Z", stylistIds: [ann.id] });
    const anyone = await get(`serviceId=${hour.id}&from=2026-03-16&to=2026-03-16`);
    expect(anyone.status).toBe(200);
    expect(anyone.body.slots[0].stylistIds).toContain(ann.id);
    // An empty stylistId (a form's "Anyone") is anyone too.
    expect(await get(`serviceId=${hour.id}&stylistId=&from=2026-03-16&to=2026-03-16`)).toEqual(anyone);
  });

  it("answers a start and who can take it, nothing more", async () => {
    const hour = await createService({ duration: 60 });
    const answer = await get(`serviceId=${hour.id}&from=2026-03-16&to=2026-03-20`);
    expect(Object.keys(answer.body)).toEqual(["slots"]);
    expect(answer.body.slots.length).toBeGreaterThan(0);
    for (const slot of answer.body.slots) expect(Object.keys(slot)).toEqual(["start", "stylistIds"]);
  });

  it("limits each address to 120 public reads a minute", async () => {
    const from = { clientAddress: "203.0.113.9", cspNonce: "" };
    const read = () =>
      salonRoute.loader({ request: makeRequest("GET", "/api/public/salon"), params: {}, context: from });
    for (let i = 0; i < 120; i += 1) expect((await read()).status).toBe(200);
    const refused = await read();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/Too many requests/);
    // Another address is not held back.
    const other = await salonRoute.loader({
      request: makeRequest("GET", "/api/public/salon"),
      params: {},
      context: { clientAddress: "203.0.113.10", cspNonce: "" },
    });
    expect(other.status).toBe(200);
  });

  it("refuses more than 31 days and bad parameters with 400 { message }", async () => {
    const hour = await createService({ duration: 60 });
    expect((await get(`serviceId=${hour.id}&from=2026-03-16&to=2026-04-15`)).status).toBe(200);
    for (const query of [
      `serviceId=${hour.id}&from=2026-03-16&to=2026-04-16`,
      `serviceId=${hour.id}&from=2026-03-16&to=2026-03-15`,
      `serviceId=${hour.id}&from=2026-02-30&to=2026-03-01`,
      `serviceId=${hour.id}&from=16/03/2026&to=2026-03-17`,
      `serviceId=abc&from=2026-03-16&to=2026-03-17`,
      `from=2026-03-16&to=2026-03-17`,
      `serviceId=${hour.id}&stylistId=-1&from=2026-03-16&to=2026-03-17`,
      `serviceId=${hour.id}&from=2026-03-16`,
    ]) {
      const answer = await get(query);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.message, query).toBe("string");
    }
    expect((await get(`serviceId=${hour.id}&from=2026-03-16&to=2026-04-16`)).body.message).toBe(
      "Ask for at most 31 days of slots at once.",
    );
  });
});

// --- The rule chain's online rules ------------------------------------------------------

async function bookAs(
  actor: WriteActor,
  write: Partial<AppointmentWrite> & { stylistId: number; serviceId: number; start: Date },
) {
  const salon = await salonRules();
  const client = await createClient();
  return writeTransaction(async (tx) => {
    const input: AppointmentWrite = { clientId: client.id, status: "scheduled", notes: null, ...write };
    const resolved = await resolveWrite(tx, actor, input, null);
    return insertChecked(tx, actor, input, resolved, salon);
  });
}

describe("online writes in the rule chain", () => {
  const client = onlineClient("Olive O.");

  it("book an offered slot, stored as an online booking by no user", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60, bufferMinutes: 15 });
    const id = await bookAs(client, { stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "10:00") });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ source: "online", createdByUserId: null, endTime: "2026-03-18T11:00:00.000Z" });
    // Its buffer now keeps 11:00-11:15 free for the next online booking, not for staff.
    const slots = await slotsOf({ serviceId: hour.id, stylistId: ann.id, from: "2026-03-18", to: "2026-03-18" });
    expect(startsOn(slots, "2026-03-18")).not.toContain("11:00");
    expect(startsOn(slots, "2026-03-18")).toContain("11:15");
    await expect(
      bookAs(client, { stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "11:00") }),
    ).rejects.toThrow("This time is no longer free: choose another.");
    const staff = await bookAs(admin, { stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "11:00") });
    expect(staff).toBeGreaterThan(id);
  });

  it("move an online booking to another offered slot, its own time counting as free", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60, bufferMinutes: 30 });
    const id = await bookAs(client, { stylistId: ann.id, serviceId: hour.id, start: at("2026-03-19", "10:00") });
    const move = (start: Date) =>
      writeTransaction(async (tx) => {
        const [existing] = await tx.select().from(appointments).where(eq(appointments.id, id));
        const end = new Date(start.getTime() + 60 * 60_000);
        await moveChecked(tx, client, existing!, { stylistId: ann.id, start, end }, await salonRules());
      });
    // Half an hour later overlaps where it was: still offered to this booking.
    await move(at("2026-03-19", "10:30"));
    const [moved] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(moved!.startTime).toBe(at("2026-03-19", "10:30").toISOString());
    // Not next to another booking's buffer.
    await appointment(ann.id, "2026-03-19", "14:00", "15:00", { serviceId: hour.id });
    await expect(move(at("2026-03-19", "15:00"))).rejects.toThrow("This time is no longer free: choose another.");
    await move(at("2026-03-19", "15:30"));
  });

  it("refuses what is not a slot: off the quarter hour, inside the lead time, beyond the advance limit, another length, a stylist or service switched off, outside the hours", async () => {
    const ann = await createStylist();
    const hidden = await createStylist();
    await db.update(stylists).set({ onlineBookable: false }).where(eq(stylists.id, hidden.id));
    const hour = await createService({ duration: 60 });
    const offline = await createService({ duration: 60 });
    await db.update(services).set({ onlineBookable: false }).where(eq(services.id, offline.id));
    const refusal = (write: Parameters<typeof bookAs>[1]) =>
      bookAs(client, write).then(
        () => "booked",
        (error: Error) => error.message,
      );
    expect(await refusal({ stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "10:05") })).toBe(
      "Online bookings start on the quarter hour.",
    );
    // The clock is pinned at 06:00 on the 16th: 07:45 is inside the two hours.
    expect(await refusal({ stylistId: ann.id, serviceId: hour.id, start: at("2026-03-16", "07:45") })).toBe(
      "Online bookings need at least 2 hours of notice: choose a later time.",
    );
    await setOnline({ bookingAdvanceLimit: 5 });
    expect(await refusal({ stylistId: ann.id, serviceId: hour.id, start: at("2026-03-23", "10:00") })).toBe(
      "Online bookings can be made at most 5 days ahead: choose an earlier day.",
    );
    await setOnline();
    expect(
      await refusal({ stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "10:00"), durationMinutes: 30 }),
    ).toBe("An online booking lasts as long as its service takes with the chosen stylist.");
    expect(await refusal({ stylistId: hidden.id, serviceId: hour.id, start: at("2026-03-18", "10:00") })).toBe(
      "This stylist cannot be booked online.",
    );
    expect(await refusal({ stylistId: ann.id, serviceId: offline.id, start: at("2026-03-18", "10:00") })).toBe(
      "This service cannot be booked online.",
    );
    expect(await refusal({ stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "16:30") })).toBe(
      "This time is no longer free: choose another.",
    );
    // Even an override cannot take an online client outside the hours.
    expect(
      await refusal({
        stylistId: ann.id,
        serviceId: hour.id,
        start: at("2026-03-22", "10:00"),
        availabilityOverride: true,
      }),
    ).toBe("This time is no longer free: choose another.");
    // Nor into another client's appointment: refused without naming them.
    await appointment(ann.id, "2026-03-18", "12:00", "13:00", { serviceId: hour.id });
    expect(await refusal({ stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "12:30") })).toBe(
      "This time is no longer free: choose another.",
    );
    expect(await refusal({ stylistId: ann.id, serviceId: hour.id, start: at("2026-03-18", "14:00") })).toBe("booked");
  });

  it("are refused whole while online booking is off; staff writes never pass the online rules", async () => {
    const ann = await createStylist();
    const hour = await createService({ duration: 60, bufferMinutes: 60 });
    await setOnline({ onlineBookingEnabled: false });
    await expect(
      bookAs(client, { stylistId: ann.id, serviceId: hour.id, start: at("2026-03-19", "10:00") }),
    ).rejects.toThrow("Online booking is not available.");
    await setOnline();
    // A staff booking off the quarter hour, inside the lead time, is still a staff booking.
    const salon = await salonRules();
    await expect(
      checkAppointmentWrite({
        executor: db,
        actor: admin,
        salon,
        now: NOW,
        before: null,
        after: {
          stylistId: ann.id,
          clientId: null,
          serviceId: hour.id,
          start: at("2026-03-16", "09:05"),
          end: at("2026-03-16", "09:35"),
          status: "scheduled",
          availabilityOverride: false,
          notes: null,
          processingAfterMinutes: null,
          processingMinutes: null,
        },
      }),
    ).resolves.toBeNull();
  });
});

describe("the salon's slots for many services at once (the waitlist's badge, decision 0145)", () => {
  it("reads shared between services give each service the slots it gets on its own", async () => {
    const ann = await createStylist({ firstName: "Ann", lastName: "Shared" });
    const bo = await createStylist({ firstName: "Bo", lastName: "Shared" });
    const quick = await createService({ name: "Fringe Shared", duration: 15 });
    const long = await createService({ name: "Colour Shared", duration: 150, bufferMinutes: 30 });
    const processing = await createService({
      name: "Perm Shared",
      duration: 120,
      processingAfterMinutes: 30,
      processingMinutes: 60,
    });
    await setCustomPricing(bo.id, long.id, { duration: 180 });
    // Tuesday: Ann's afternoon is booked with a buffered colour; Bo blocks an hour and is off Wednesday.
    await appointment(ann.id, "2026-03-17", "13:00", "15:30", { serviceId: long.id });
    await appointment(bo.id, "2026-03-17", "11:00", "12:00", { status: "blocked" });
    await createTimeOff(bo.id, "2026-03-18", "2026-03-18");
    const range = { from: "2026-03-17", to: "2026-03-20", now: NOW };
    const reads = new Map<string, unknown>();
    for (const service of [long, quick, processing])
      for (const stylistId of [ann.id, null, bo.id]) {
        const alone = await salonSlots(db, { ...range, serviceId: service.id, stylistId });
        const together = await salonSlots(db, { ...range, serviceId: service.id, stylistId }, reads);
        expect(together, `${service.name}, stylist ${stylistId}`).toEqual(alone);
        expect(alone.length).toBeGreaterThan(0);
      }
    // The colour cannot start where it would run into Ann's booking, nor its buffer after it.
    const colour = await salonSlots(db, { ...range, serviceId: long.id, stylistId: ann.id }, reads);
    expect(startsOn(colour, "2026-03-17")).not.toContain("12:00");
  });
});
