// Screens showing the same Day view share one server render (docs/decisions/0089): every
// page still carries its own CSP nonce on every script, runs its JavaScript, and shows a
// change made a moment before.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, bookByApi, calendarSetup, londonInstant } from "./calendar-fixtures";
import { signIn } from "./helpers";

const setup = calendarSetup();
// A winter Wednesday (UTC and London agree) no other spec books.
const DAY = "2031-01-15";
const PATH = `/calendar?view=day&date=${DAY}`;

/** Opens the Day view in a new session; answers the page's CSP nonce and the nonces its scripts carry. */
async function openScreen(page: Page) {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, ADMIN, "/");
  const response = await page.goto(PATH);
  const policy = response!.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  // The router exists only once the page's scripts have run and hydrated it.
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
  const scriptNonces = await page.evaluate(() =>
    [...document.querySelectorAll("script")].map((script) => script.nonce),
  );
  return { nonce, scriptNonces, refused };
}

test("screens on the same day share a render, each with its own nonce, working scripts and the latest change", async ({
  browser,
}) => {
  const { id } = await bookByApi(setup, DAY, "10:00", "Sofia Stylist");
  const tablets = [await browser.newContext(), await browser.newContext()];
  const [first, second] = [await tablets[0]!.newPage(), await tablets[1]!.newPage()] as const;
  const one = await openScreen(first);
  const two = await openScreen(second);

  for (const screen of [one, two]) {
    expect(screen.nonce).toBeTruthy();
    expect(screen.scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(screen.scriptNonces)).toEqual(new Set([screen.nonce]));
    expect(screen.refused).toEqual([]);
  }
  expect(two.nonce).not.toBe(one.nonce);

  // A block opens its dialog on the client (the page's own JavaScript), on both screens.
  for (const page of [first, second]) {
    await page.getByTestId(`appointment-${id}`).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  }

  // A change, then a screen loading the day again shows it.
  const moved = await apiRequest("PATCH", `/api/appointments/${id}`, setup.token, {
    startTime: londonInstant(DAY, "12:00"),
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await second.goto(PATH);
  await expect(second.getByTestId(`appointment-${id}`)).toContainText("12:00 PM");
  for (const tablet of tablets) await tablet.close();
});
