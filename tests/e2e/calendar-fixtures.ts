// Calendar test data. Services and clients go straight into the e2e database file (the
// server has it open in WAL mode); appointments are made through the API like a script.
import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { zonedToUtc } from "../../app/lib/salon-time";
import { ADMIN } from "./accounts";
import { currentSlot } from "./servers";
import { sessionToken } from "./sessions";

const database = () => createClient({ url: `file:${currentSlot().databaseFile}` });

export const SERVICES = [
  { name: "Cut & Finish", category: "Hair", duration: 60, price: 4500 },
  { name: "Colour Refresh", category: "Colour", duration: 90, price: 7000 },
  { name: "Fringe Trim", category: "Hair", duration: 10, price: 800 },
];

/** Inserts the services and a known client once; returns their ids by name. */
export async function calendarFixtures(): Promise<{ services: Record<string, number>; clientId: number }> {
  const db = database();
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    const services: Record<string, number> = {};
    for (const service of SERVICES) {
      const found = await db.execute({ sql: "select id from services where name = ?", args: [service.name] });
      const id =
        found.rows[0]?.id ??
        (
          await db.execute({
            sql: "insert into services (name, category, duration, price) values (?, ?, ?, ?) returning id",
            args: [service.name, service.category, service.duration, service.price],
          })
        ).rows[0]!.id;
      services[service.name] = Number(id);
    }
    const client = await db.execute("select id from clients where name = 'Jane Doe'");
    const clientId = Number(
      client.rows[0]?.id ??
        (
          await db.execute(
            "insert into clients (name, phone, phone_e164, email) values ('Jane Doe', '07400 900123', '+447400900123', 'jane@example.com') returning id",
          )
        ).rows[0]!.id,
    );
    return { services, clientId };
  } finally {
    db.close();
  }
}

export async function apiToken(account: { email: string; password?: string } = ADMIN): Promise<string> {
  return sessionToken(account);
}

export async function apiRequest(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of every shape, read by the assertions
  return { status: response.status, body: (await response.json()) as any };
}

export async function stylistIds(token: string): Promise<Record<string, number>> {
  const { body } = await apiRequest("GET", "/api/stylists", token);
  return Object.fromEntries((body as { id: number; name: string }[]).map((stylist) => [stylist.name, stylist.id]));
}

/** The instant of a wall-clock time in London, the e2e salon's zone, in summer as in winter. */
export function londonInstant(date: string, time: string) {
  return zonedToUtc(date, time, "Europe/London").toISOString();
}

/** The day grid's column for a stylist, by its heading. */
export function column(page: Page, stylistName: string) {
  return page.getByRole("region", { name: `${stylistName}'s appointments` });
}

/** Clicks an empty slot at a wall-clock time in a stylist's column. */
export async function clickSlot(page: Page, stylistName: string, time: string) {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const row = (hours * 60 + minutes - 7 * 60) / 15;
  await scrollToTime(page, time);
  await column(page, stylistName)
    .locator("[data-testid^=column-]")
    .click({ position: { x: 20, y: row * 28 + 14 } });
}

export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText(text)).toBeVisible();
}

/** Scrolls the day grid so a wall-clock time is on screen. */
export async function scrollToTime(page: Page, time: string) {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const top = ((hours * 60 + minutes - 7 * 60) / 15) * 28;
  // Wait for the grid's own first scroll (to opening time) so it cannot undo this one.
  await page.locator("[data-testid=calendar-scroller][data-scrolled]").waitFor();
  await page.getByTestId("calendar-scroller").evaluate((element, y) => element.scrollTo(0, Math.max(0, y - 120)), top);
}

export type CalendarSetup = {
  services: Record<string, number>;
  clientId: number;
  token: string;
  stylists: Record<string, number>;
};

/** Everything a calendar spec needs, filled in before its tests run. */
export function calendarSetup(): CalendarSetup {
  const setup = {} as CalendarSetup;
  test.beforeAll(async () => {
    Object.assign(setup, await calendarFixtures());
    setup.token = await apiToken();
    setup.stylists = await stylistIds(setup.token);
  });
  return setup;
}

/** Books the spec's client with a stylist for Cut & Finish through `/api` (a scheduled booking unless `extra` says otherwise). */
export async function bookByApi(
  setup: CalendarSetup,
  date: string,
  time: string,
  stylist: string,
  extra: Record<string, unknown> = {},
) {
  const result = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists[stylist],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant(date, time),
    status: "scheduled",
    ...extra,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body as { id: number };
}
