// The Week view with the bookings (decision 0114) on the demo salon's 5 stylists: at 1024×768
// seven days by every stylist, each day's bookings as blocks with the time and the client,
// full stylist names and a legend of the colours; a block opens the booking. On a phone each
// stylist's week is a list of days.
import { mkdirSync } from "node:fs";
import type { Locator } from "@playwright/test";
import { expectNoAxeViolations, PHONE, TABLET, waitForModal } from "./helpers";
import { DEMO_ADMIN, expect, nextTuesday, test, weekDrawnAtOnce } from "./demo-salon";

const weekPath = `/calendar?view=week&date=${nextTuesday()}`;

// Every stylist drawn at once needs a week within the busy-week limit, whatever today is.
test.beforeEach(({ demo }) => weekDrawnAtOnce(demo.database, nextTuesday()));

async function fitsWidth(locator: Locator, width: number) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
}

test.beforeAll(() => mkdirSync("screenshots", { recursive: true }));

test("at 1024×768 the week shows every stylist's bookings by day, full names, a legend, and a block opens its booking", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, weekPath);
  const week = page.getByTestId("week-view");
  const days = week.locator("thead th a");
  await expect(days).toHaveCount(7);
  for (const day of await days.all()) await fitsWidth(day, TABLET.width);
  // Five stylists, all at once (no switcher), each name whole in its row header.
  const names = week.getByRole("rowheader");
  await expect(names).toHaveCount(5);
  for (const name of await names.all())
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(page.getByRole("navigation", { name: "Stylists" })).toBeHidden();

  // The demo Tuesday has bookings: each block reads as a time and a client.
  const blocks = week.locator(".wk-list > *");
  expect(await blocks.count()).toBeGreaterThan(10);
  await expect(blocks.first()).toHaveText(/^\d{1,2}:\d{2} [AP]M \S+/);
  // Whole client names for screen readers, a short form on screen.
  await expect(week.locator(".wk-list > a[aria-label]").first()).toHaveAccessibleName(/^\d{1,2}:\d{2} [AP]M \S+ \S+/);
  for (const block of (await blocks.all()).slice(0, 5)) await fitsWidth(block, TABLET.width);
  const legend = page.getByRole("region", { name: "Service Colors" });
  expect(await legend.getByRole("listitem").count()).toBeGreaterThan(1);

  await page.screenshot({ path: "screenshots/week-bookings-1024x768.png" });
  await expectNoAxeViolations(page);
  // The page as the server sends it stays within the 120 KB budget with every stylist drawn.
  const html = await (await page.request.get(page.url())).text();
  test.info().annotations.push({ type: "week HTML", description: `${(html.length / 1000).toFixed(0)} KB` });
  expect(html.length).toBeLessThanOrEqual(120_000);

  const first = week.locator(".wk-list > a[aria-label]").first();
  // The block shows "Harriet J."; the booking shows the whole name.
  const client = (await first.textContent())!.split(" ")[2]!;
  await first.click();
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(client).first()).toBeVisible();
  await expect(page).toHaveURL(/\/calendar\/appointments\/\d+\?view=week&date=/);
  await page.screenshot({ path: "screenshots/week-booking-open-1024x768.png" });
  // Closing returns to the same week.
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/calendar\?view=week&date=/);
  await expect(week).toBeVisible();
});

test("on a phone each stylist's week is a list of days, with a jump to each stylist", async ({ page, demoLogin }) => {
  await page.setViewportSize(PHONE);
  await demoLogin(DEMO_ADMIN, weekPath);
  const week = page.getByTestId("week-view");
  const switcher = page.getByRole("navigation", { name: "Stylists" });
  await expect(switcher.getByRole("link")).toHaveCount(5);
  const blocks = week.locator(".wk-list > *");
  for (const block of (await blocks.all()).slice(0, 8)) await fitsWidth(block, PHONE.width);
  await page.screenshot({ path: "screenshots/week-bookings-390x844.png" });
  await expectNoAxeViolations(page);
  const last = switcher.getByRole("link").last();
  await last.click();
  await expect(page).toHaveURL(/#week-stylist-\d+$/);
  await page.screenshot({ path: "screenshots/week-bookings-390x844-jump.png" });
  await week.locator(".wk-list > a").last().click();
  await waitForModal(page);
  await expect(page.getByRole("dialog", { name: "Edit Appointment" })).toBeVisible();
});
