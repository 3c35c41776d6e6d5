// Set-up for the booking page specs: a stylist and a service of their own, online booking
// switched on for the spec (and off again after it: other specs share the database), and
// the walk through the page's steps.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expectNoAxeViolations, PHONE, TABLET } from "./helpers";
import { workerDatabase } from "./sessions";
import { apiCall, apiToken, createServiceViaApi, createStylistAccount, unique } from "./services-helpers";

export const SIZES = [
  ["phone", PHONE],
  ["tablet", TABLET],
] as const;

export type OnlineSetup = {
  token: string;
  serviceName: string;
  category: string;
  stylistName: string;
  /** The stylist as the public page names them: first name and initial. */
  stylistLabel: string;
  stylistId: number;
};

/** Switches online booking on or off: through `/api/salon-settings`, or in the database where the API does not take the field yet. */
export async function switchOnlineBooking(token: string, on: boolean) {
  const saved = await apiCall(token, "POST", "/api/salon-settings", { onlineBookingEnabled: on });
  const read = await apiCall<{ onlineBookingEnabled?: boolean }>(token, "GET", "/api/salon-settings");
  if (saved.status !== 200 || read.body.onlineBookingEnabled !== on) {
    const db = await workerDatabase();
    await db.execute({ sql: "update salon_settings set online_booking_enabled = ?", args: [on ? 1 : 0] });
  }
  // The server keeps the settings for a moment (a save through the API clears that at once).
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/public/salon`)).status, { timeout: 10_000 })
    .toBe(on ? 200 : 404);
}

/** The limits count bookings per address: every test starts with none, as a new visitor would. */
export async function forgetRateLimits() {
  const db = await workerDatabase();
  await db.execute("delete from rate_limit_hits");
}

export async function setUpOnlineBooking(firstName: string): Promise<OnlineSetup> {
  const token = await apiToken();
  const tag = unique();
  const stylist = await createStylistAccount(token, firstName, `Online${tag}`);
  const short = tag.slice(-5);
  const category = `Hair ${short}`;
  const serviceName = `Cut & Finish ${short}`;
  await createServiceViaApi(token, { name: serviceName, category, duration: 45, price: 3500 });
  // A second category, as a salon's page has.
  await createServiceViaApi(token, { name: `Gloss ${short}`, category: `Colour ${short}`, duration: 90, price: 6000 });
  // Categories whose names share a first word ("Colour" and "Colour 1a2b"), written in
  // another case too: each is one landmark of its own name (axe checks it on every step).
  await createServiceViaApi(token, { name: `Toner ${short}`, category: "Colour", duration: 30, price: 2500 });
  await createServiceViaApi(token, { name: `Glaze ${short}`, category: "colour", duration: 30, price: 2500 });
  await switchOnlineBooking(token, true);
  return {
    token,
    serviceName,
    category,
    stylistName: stylist.name,
    stylistLabel: `${firstName} O.`,
    stylistId: stylist.stylistId,
  };
}

/** A phone number of its own for each booking (at most three active online bookings per phone). */
let phoneCounter = 0;
export function freshPhone() {
  phoneCounter += 1;
  const digits = String((Date.now() % 100000) * 10 + (phoneCounter % 10))
    .padStart(6, "0")
    .slice(-6);
  return `07400 ${digits}`;
}

/** A screenshot of the step, and axe (which needs JavaScript: the no-JS pages are the same markup, checked by the JS spec). */
export async function checkStep(page: Page, name: string, label: string) {
  await page.screenshot({ path: `screenshots/${label}-book-${name}.png`, fullPage: true });
  if (test.info().project.name !== "no-js") await expectNoAxeViolations(page);
}

/** Presses Tab until `target` has the focus (at most `limit` times): the step is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Steps 1-3: the service, the stylist, the first free day's first time (or the next week's, with `later`). */
export async function chooseServiceStylistAndTime(
  page: Page,
  setup: OnlineSetup,
  options: { label?: string; later?: boolean; anyone?: boolean } = {},
) {
  await page.goto("/book");
  await expect(page.getByRole("heading", { level: 1, name: "Choose a service" })).toBeVisible();
  await expect(page.getByRole("heading", { name: setup.category })).toBeVisible();
  if (options.label) await checkStep(page, "1-service", options.label);
  await page.getByRole("link", { name: new RegExp(setup.serviceName) }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Choose a stylist" })).toBeVisible();
  if (options.label) await checkStep(page, "2-stylist", options.label);
  // By id: a worker restarted after a failure sets up another stylist of the same public name.
  await (
    options.anyone
      ? page.getByRole("link", { name: /Anyone available/ })
      : page.locator(`a[href$="stylistId=${setup.stylistId}"]`)
  ).click();

  await expect(page.getByRole("heading", { level: 1, name: "Choose a day and time" })).toBeVisible();
  if (options.later) {
    await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: /Later/ }).click();
    await expect(page).toHaveURL(/from=/);
  }
  const times = page.getByRole("region", { name: /Free times on/ });
  await expect(times.getByRole("link").first()).toBeVisible();
  if (options.label) await checkStep(page, "3-time", options.label);
  // The chosen day's date ("Dec 3"), under its weekday.
  const dayLabel = ((await page.locator('a[aria-current="date"] span').nth(1).textContent()) ?? "").trim();
  const time = times.getByRole("link").first();
  const timeLabel = ((await time.textContent()) ?? "").trim();
  await time.click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  return { dayLabel, timeLabel };
}

export async function fillDetails(page: Page, client: { firstName: string; lastName: string; phone: string }) {
  await page.getByLabel("First name").fill(client.firstName);
  await page.getByLabel("Last name").fill(client.lastName);
  await page.getByLabel("Mobile phone").fill(client.phone);
  await page.getByLabel("E-mail (optional)").fill(`${client.firstName.toLowerCase()}@example.com`);
  await page.getByLabel("Notes for the salon (optional)").fill("First visit");
  await page.getByRole("checkbox", { name: /I agree to the booking policy/ }).check();
}
