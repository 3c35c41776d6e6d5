// What the waitlist specs need: a stylist of their own whose morning is fully booked on a
// day (three clients at 09:00, 10:00 and 11:00), so freeing one booking makes a match.
// Matches respect the booking advance limit (30 days by default), so the days are counted
// from today, not fixed far ahead; the stylist and clients are the spec's own.
import { expect, type Page } from "@playwright/test";
import { addDays, isoDayOfWeek, todayInZone } from "../../app/lib/salon-time";
import { londonInstant } from "./calendar-fixtures";
import { apiCall, apiToken, createServiceViaApi, createStylistAccount, unique } from "./services-helpers";

export type Morning = {
  token: string;
  tag: string;
  stylist: Awaited<ReturnType<typeof createStylistAccount>>;
  service: { id: number; name: string };
  booked: { id: number; time: string }[];
};

/** The `n`th weekday from two weeks ahead, in the salon's zone (within the advance limit). */
export function weekdayAhead(n: number): string {
  let day = addDays(todayInZone("Europe/London"), 14);
  for (let seen = -1; ; day = addDays(day, 1)) {
    if (isoDayOfWeek(day) <= 5) seen += 1;
    if (seen === n) return day;
  }
}

let phones = 0;
/** A client of the spec's own (a phone belongs to one client, and specs share the database). */
export async function newClient(token: string, name: string, extra: Record<string, unknown> = {}) {
  let created = { status: 409 } as Awaited<ReturnType<typeof apiCall<{ id: number }>>>;
  for (let attempt = 0; attempt < 5 && created.status === 409; attempt++) {
    phones += 1;
    const phone = `07400 97${String((Math.floor(Math.random() * 1e4) + phones) % 1e4).padStart(4, "0")}`;
    created = await apiCall<{ id: number }>(token, "POST", "/api/clients", {
      name,
      phone,
      consentType: "service",
      ...extra,
    });
  }
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id, name };
}

/** A stylist with 09:00, 10:00 and 11:00 booked on `date` (60-minute service). */
export async function fullMorning(date: string, service: { requiresPatchTest?: boolean } = {}): Promise<Morning> {
  const token = await apiToken();
  const tag = unique();
  const stylist = await createStylistAccount(token, "Wren", `Waits${tag}`);
  const name = `Waitlist Cut ${tag}`;
  const created = await createServiceViaApi(token, { name, category: "Hair", duration: 60, price: 4000, ...service });
  const booked = [];
  for (const time of ["09:00", "10:00", "11:00"]) {
    const client = await newClient(token, `Booked ${time} ${tag}`);
    const appointment = await apiCall<{ id: number }>(token, "POST", "/api/appointments", {
      clientId: client.id,
      stylistId: stylist.stylistId,
      serviceId: created.id,
      startTime: londonInstant(date, time),
      // The booked clients have no patch test: staff confirm the warning.
      ...(service.requiresPatchTest ? { patchTestConfirmed: true } : {}),
    });
    expect(appointment.status, JSON.stringify(appointment.body)).toBe(201);
    booked.push({ id: appointment.body.id, time });
  }
  return { token, tag, stylist, service: { id: created.id, name }, booked };
}

/** A morning entry on `date` for the spec's stylist and service, added through `/api/waitlist`. */
export async function entryByApi<T = { id: number }>(morning: Morning, clientId: number, date: string) {
  const entry = await apiCall<T>(morning.token, "POST", "/api/waitlist", {
    clientId,
    serviceId: morning.service.id,
    stylistId: morning.stylist.stylistId,
    from: date,
    to: date,
    times: "morning",
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  return entry.body;
}

/** Deletes a booking through `/api`: its time is free again. */
export async function freeBooking(token: string, id: number) {
  const deleted = await apiCall(token, "DELETE", `/api/appointments/${id}`);
  expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
}

/** The Waitlist screen's card of a client's entry. */
export function entryCard(page: Page, clientName: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: clientName, level: 2 }) });
}

/** Adds an entry on the Waitlist screen: find the client, choose them, fill the form. */
export async function addOnScreen(page: Page, morning: Morning, clientName: string, date: string) {
  await page.getByLabel("Find the client").fill(clientName);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("list", { name: "Matching clients" }).getByRole("link", { name: clientName }).click();
  await expect(page.getByText(`Client: ${clientName}`)).toBeVisible();
  await page.getByLabel("Service").selectOption({ label: morning.service.name });
  await page.getByLabel("Stylist").selectOption({ label: morning.stylist.name });
  await page.getByLabel("Time of day").selectOption("morning");
  await page.getByLabel("From", { exact: true }).fill(date);
  await page.getByLabel("To", { exact: true }).fill(date);
  await page.getByRole("button", { name: "Add to waitlist" }).click();
  await expect(page.getByText("Added to the waitlist").first()).toBeVisible();
}
