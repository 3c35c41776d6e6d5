// Wording and layout with JavaScript: a repeat series' blocks carry a "Repeats" marker and
// deleting "this and following" says how many went; the chat's toast leaves the Send button
// clear; on a phone the Week view's no-show badge stays in its day and the Reports chart
// opens at its newest end.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { bookByApi, calendarSetup, column, expectToast } from "./calendar-fixtures";
import { expectNoAxeViolations, PHONE, signIn, TABLET, waitForModal } from "./helpers";
import { REPORT_QUERY, reportSetup } from "./reports-fixtures";
import { fillRepeat, SOFIA } from "./repeat-helpers";

const setup = calendarSetup();
reportSetup();

/** Screenshots of `target` at 1024x768 and 390x844, with axe on the page at each. */
async function bothSizes(page: Page, name: string, target: () => Locator) {
  for (const [label, size] of [
    ["tablet", TABLET],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await target().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/${label}-${name}.png` });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(TABLET);
}

const within = async (inner: Locator, outer: Locator) => {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
};

test("a series' blocks say Repeats; deleting this and following says how many were deleted", async ({ page }) => {
  const single = await bookByApi(setup, "2029-05-01", "15:00", SOFIA);
  await signIn(page, ADMIN, "/calendar?view=day&date=2029-05-01");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await fillRepeat(dialog, "Mara Marker", "07400 900871", 3);
  await dialog.getByRole("button", { name: "Preview dates" }).click();
  await dialog.getByRole("button", { name: "Book 3 appointments" }).click();
  await expectToast(page, "3 appointments booked successfully");

  const block = column(page, SOFIA).getByRole("link", { name: /Mara Marker/ });
  await expect(block).toHaveAccessibleName(/^Repeats: Mara Marker/);
  await expect(block.getByTestId("series-mark")).toBeVisible();
  await expect(column(page, SOFIA).getByTestId(`appointment-${single.id}`).getByTestId("series-mark")).toHaveCount(0);
  await bothSizes(page, "series-marker", () => block);

  await block.click();
  await waitForModal(page);
  await page
    .getByRole("dialog", { name: "Edit Appointment" })
    .getByRole("link", { name: "Delete", exact: true })
    .click();
  await waitForModal(page);
  await page.getByLabel("This and following").check();
  await page.getByRole("button", { name: "Delete Appointment" }).click();
  await expectToast(page, "3 appointments deleted");
});

test("the chat's Message sent toast leaves the Send Message button clear", async ({ page }) => {
  await signIn(page, ADMIN, "/messages");
  for (const size of [PHONE, TABLET]) {
    await page.setViewportSize(size);
    await page.getByLabel("Message", { exact: true }).fill(`Toast placement ${size.width}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByText("Message sent");
    await expect(toast).toBeVisible();
    const a = (await toast.locator("xpath=../..").boundingBox())!;
    const b = (await page.getByRole("button", { name: "Send Message" }).boundingBox())!;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)}`).toBe(false);
    // Closed, so that the next size measures its own toast, not this one in its last moments.
    await page.getByRole("region", { name: "Notifications (F8)" }).getByRole("button", { name: "Close" }).click();
    await expect(toast).toHaveCount(0);
  }
});

test("on a phone the Week view's no-show badge stays inside its day", async ({ page }) => {
  await bookByApi(setup, "2025-11-04", "10:00", SOFIA, { status: "no_show", availabilityOverride: true });
  await bookByApi(setup, "2025-11-04", "12:00", SOFIA, { availabilityOverride: true });
  // Sofia's week, whether the week draws every stylist or one at a time (other specs add stylists).
  await signIn(page, ADMIN, `/calendar?view=week&date=2025-11-04&stylist=${setup.stylists[SOFIA]}`);
  await page.setViewportSize(PHONE);
  const week = page.getByTestId("week-view");
  const cell = week.getByRole("link", { name: /^Sofia Stylist, Tuesday, November 4, 2025: .*no-show/ });
  const badge = cell.locator(".no-show-count");
  await expect(badge).toBeVisible();
  await within(badge, cell.locator("xpath=.."));
  // The day headings are for the tablet: on a phone each stylist's day names its day (decision 0114).
  await expect(week.getByRole("columnheader", { name: /Tuesday, November 4, 2025/ })).toBeHidden();
  await bothSizes(page, "week-no-show", () => cell);
});

test("on a phone the Reports chart opens at its newest end", async ({ page }) => {
  await signIn(page, ADMIN, `/reports?${REPORT_QUERY}`);
  await page.setViewportSize(PHONE);
  const scroller = page.getByRole("group", { name: /^Chart of revenue and appointments/ });
  const chart = scroller.locator("svg").first();
  await expect(chart).toBeVisible();
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const box = (await scroller.boundingBox())!;
  const svg = (await chart.boundingBox())!;
  expect(Math.abs(svg.x + svg.width - (box.x + box.width))).toBeLessThanOrEqual(2);
  expect(svg.x).toBeLessThan(box.x);
  await bothSizes(page, "reports-chart", () => scroller);
});
