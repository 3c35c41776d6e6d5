// The public booking page without JavaScript: every step is a link or a form, the booking
// is sent as a request (no proof of work), a slot taken meanwhile offers the nearest free
// times, and the manage page moves and cancels with plain forms.
import { expect, test } from "@playwright/test";
import {
  checkStep,
  chooseServiceStylistAndTime,
  fillDetails,
  forgetRateLimits,
  freshPhone,
  setUpOnlineBooking,
  SIZES,
  switchOnlineBooking,
  type OnlineSetup,
} from "./online-booking-helpers";
import { PHONE } from "./helpers";

let setup: OnlineSetup;

// A client's phone in the salon's own time zone (the time-zone test sets others).
test.use({ timezoneId: "Europe/London" });

test.beforeAll(async () => {
  setup = await setUpOnlineBooking("Nerys");
});

test.afterAll(async () => {
  await switchOnlineBooking(setup.token, false);
});

test.beforeEach(async () => {
  await forgetRateLimits();
});

for (const [label, size] of SIZES) {
  test(`a client sends a booking request on a ${label} without JavaScript`, async ({ page }) => {
    await page.setViewportSize(size);
    const { timeLabel } = await chooseServiceStylistAndTime(page, setup, {
      label: `${label}-nojs`,
      later: label === "tablet",
    });
    await expect(
      page.getByText("Without JavaScript your booking is sent as a request; the salon will confirm it."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Please agree to the salon keeping your details")).toBeVisible();
    await checkStep(page, "4-details-errors", `${label}-nojs`);

    await fillDetails(page, { firstName: "Nia", lastName: `Request${label}`, phone: freshPhone() });
    await checkStep(page, "4-details", `${label}-nojs`);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();
    const booking = page.getByRole("region", { name: /^Booking / });
    await expect(booking).toContainText("Waiting for the salon to confirm");
    await expect(booking).toContainText(timeLabel);
    await checkStep(page, "5-confirmation", `${label}-nojs`);
  });
}

test("a time taken meanwhile offers the nearest free times to choose from", async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await chooseServiceStylistAndTime(page, setup);
  const detailsUrl = page.url();

  // Someone else takes the same time first.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await otherPage.goto(detailsUrl);
  await fillDetails(otherPage, { firstName: "Fast", lastName: "Finger", phone: freshPhone() });
  await otherPage.getByRole("button", { name: "Confirm booking" }).click();
  await expect(otherPage.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();
  await other.close();

  await fillDetails(page, { firstName: "Slow", lastName: "Poke", phone: freshPhone() });
  await page.getByRole("button", { name: "Confirm booking" }).click();
  const alternatives = page.getByRole("group", { name: "Choose another time" });
  await expect(alternatives.getByRole("radio").first()).toBeChecked();
  await expect(page.getByLabel("First name")).toHaveValue("Slow");
  await checkStep(page, "4-details-slot-taken", "phone-nojs");
  const chosen = ((await alternatives.locator("label").nth(1).textContent()) ?? "").trim();
  await alternatives.getByRole("radio").nth(1).check();
  await page.getByRole("checkbox", { name: /I agree to the booking policy/ }).check();
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Booking / })).toContainText(chosen.split(", ").pop()!);
});

test("the manage page works without JavaScript: move, then cancel", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await chooseServiceStylistAndTime(page, setup, { later: true });
  await fillDetails(page, { firstName: "Nadia", lastName: "Manage", phone: freshPhone() });
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();

  await page.getByRole("link", { name: "Move to another time" }).click();
  // A week ahead: a time inside the cancellation notice could no longer be changed online.
  await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: /Later/ }).click();
  await expect(page).toHaveURL(/from=/);
  const times = page.getByRole("region", { name: /Free times on/ }).getByRole("link");
  const newTime = ((await times.last().textContent()) ?? "").trim();
  await times.last().click();
  await page.getByRole("button", { name: "Yes, move booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your booking has moved" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Booking / })).toContainText(newTime);
  await checkStep(page, "manage-moved", "phone-nojs");

  await page.getByRole("link", { name: "Cancel booking" }).click();
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Booking cancelled" })).toBeVisible();
});

test("past the limit for requests from one connection, the page asks the client to wait", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await chooseServiceStylistAndTime(page, setup, { later: true });
  const week = new URL(page.url());
  week.searchParams.delete("start");
  await page.goto(week.toString());
  // Times of their own in that week (the other tests take its first and last), an hour
  // apart: the service takes 45 minutes.
  const hrefs = await page
    .getByRole("region", { name: /Free times on/ })
    .getByRole("link")
    .evaluateAll((links) => [4, 8, 12, 16].map((index) => links[index]!.getAttribute("href")!));
  expect(hrefs).toHaveLength(4);
  for (const [index, href] of hrefs.entries()) {
    await page.goto(href);
    await fillDetails(page, { firstName: "Rita", lastName: `Repeat${index}`, phone: freshPhone() });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    if (index < 3) await expect(page.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();
  }
  await expect(page.getByRole("alert")).toContainText("Please wait a few minutes and try again, or call the salon.");
  await expect(page.getByLabel("First name")).toHaveValue("Rita");
  await checkStep(page, "4-details-wait", "phone-nojs");
});
