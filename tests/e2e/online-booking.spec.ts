// The public booking page with JavaScript: the whole journey on a phone and a tablet (the
// ALTCHA widget really solves its proof of work), the manage page (move, cancel), the steps
// by keyboard alone, the time-zone notice, the page while online booking is off, and a
// booking appearing live on a signed-in tablet's calendar.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";
import {
  checkStep,
  chooseServiceStylistAndTime,
  fillDetails,
  forgetRateLimits,
  freshPhone,
  setUpOnlineBooking,
  SIZES,
  switchOnlineBooking,
  tabTo,
  type OnlineSetup,
} from "./online-booking-helpers";

let setup: OnlineSetup;

// A client's phone in the salon's own time zone (the time-zone test sets others).
test.use({ timezoneId: "Europe/London" });

test.beforeAll(async () => {
  setup = await setUpOnlineBooking("Ottilie");
});

test.afterAll(async () => {
  await switchOnlineBooking(setup.token, false);
});

test.beforeEach(async () => {
  await forgetRateLimits();
});

/** Waits until the widget has solved its challenge and put the proof in the form. */
async function proofSolved(page: Page) {
  await expect(page.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 30_000 });
  await expect(page.locator('input[name="altcha"]')).toHaveCount(1);
}

async function confirmBooking(page: Page) {
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are booked" })).toBeVisible();
  await expect(page).toHaveURL(/\/book\/manage\/[^/?]+\?booked=1$/);
}

for (const [label, size] of SIZES) {
  test(`a client books on a ${label} with JavaScript: the widget solves the proof of work`, async ({ page }) => {
    await page.setViewportSize(size);
    const { dayLabel, timeLabel } = await chooseServiceStylistAndTime(page, setup, {
      label: `${label}-js`,
      // Each size books a week of its own.
      later: label === "tablet",
    });
    const summary = page.getByRole("region", { name: "Your booking" });
    await expect(summary).toContainText(setup.serviceName);
    await expect(summary).toContainText(setup.stylistLabel);
    await expect(summary).toContainText(timeLabel);
    await expect(page.getByText("Without JavaScript your booking is sent as a request")).toBeHidden();
    await fillDetails(page, { firstName: "Jess", lastName: `Online${label}`, phone: freshPhone() });
    await proofSolved(page);
    await checkStep(page, "4-details", `${label}-js`);
    await confirmBooking(page);

    const booking = page.getByRole("region", { name: /^Booking / });
    await expect(booking).toContainText("Booked");
    await expect(booking).toContainText(setup.serviceName);
    await expect(booking).toContainText(setup.stylistLabel);
    await expect(booking).toContainText(timeLabel);
    const [month, day] = dayLabel.split(" ");
    await expect(booking).toContainText(new RegExp(`${month}\\w* ${day},`));
    await expect(page.getByRole("region", { name: "Keep this link" }).getByRole("link")).toHaveText(
      /^http:\/\/.+\/book\/manage\/[^/?]+$/,
    );
    await checkStep(page, "5-confirmation", `${label}-js`);
  });
}

test("the manage page moves the booking to another free time and cancels it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await chooseServiceStylistAndTime(page, setup, { later: true });
  await fillDetails(page, { firstName: "Mo", lastName: "Mover", phone: freshPhone() });
  await proofSolved(page);
  await confirmBooking(page);
  const manage = new URL(page.url());
  manage.search = "";

  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto(manage.toString());
    await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
    await checkStep(page, "manage", label);
  }
  await page.setViewportSize(PHONE);
  await page.getByRole("link", { name: "Move to another time" }).click();
  // A week ahead: a time inside the cancellation notice could no longer be changed online.
  await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: /Later/ }).click();
  await expect(page).toHaveURL(/from=/);
  await expect(page.getByRole("heading", { name: "Choose a new time" })).toBeVisible();
  await checkStep(page, "manage-move", "phone");
  const times = page.getByRole("region", { name: /Free times on/ }).getByRole("link");
  const newTime = ((await times.last().textContent()) ?? "").trim();
  await times.last().click();
  await expect(page.getByRole("heading", { name: new RegExp(`^Move to .*${newTime}\\?$`) })).toBeVisible();
  await checkStep(page, "manage-move-confirm", "phone");
  await page.getByRole("button", { name: "Yes, move booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your booking has moved" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Booking / })).toContainText(newTime);

  await page.getByRole("link", { name: "Cancel booking" }).click();
  await expect(page.getByRole("heading", { name: "Cancel this booking?" })).toBeVisible();
  await checkStep(page, "manage-cancel", "phone");
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Booking cancelled" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel booking" })).toHaveCount(0);
  await checkStep(page, "manage-cancelled", "phone");
});

test("every step is reachable by keyboard alone", async ({ page }) => {
  await page.setViewportSize(TABLET);
  await page.goto("/book");
  await tabTo(page, page.getByRole("link", { name: new RegExp(setup.serviceName) }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Choose a stylist" })).toBeVisible();
  await tabTo(page, page.locator(`a[href$="stylistId=${setup.stylistId}"]`));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Choose a day and time" })).toBeVisible();
  await tabTo(page, page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: /Later/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/from=/);
  await tabTo(
    page,
    page
      .getByRole("region", { name: /Free times on/ })
      .getByRole("link")
      .nth(1),
  );
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await tabTo(page, page.getByLabel("First name"));
  await page.keyboard.type("Kay");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Keys");
  await page.keyboard.press("Tab");
  await page.keyboard.type(freshPhone());
  await tabTo(page, page.getByRole("checkbox", { name: /I agree to the booking policy/ }));
  await page.keyboard.press("Space");
  await proofSolved(page);
  await tabTo(page, page.getByRole("button", { name: "Confirm booking" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "You are booked" })).toBeVisible();
});

test("the salon's time zone is named when the device is set to another", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "America/New_York", viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/book");
  await page.getByRole("link", { name: new RegExp(setup.serviceName) }).click();
  await page.getByRole("link", { name: /Anyone available/ }).click();
  await expect(page.getByRole("note")).toHaveText(
    "Times are the salon’s local time (Europe/London). Your device is set to America/New York.",
  );
  await page.screenshot({ path: "screenshots/phone-book-3-time-other-zone.png", fullPage: true });
  await expectNoAxeViolations(page);
  await context.close();

  const same = await browser.newContext({ timezoneId: "Europe/London", viewport: PHONE });
  const samePage = await same.newPage();
  await samePage.goto("/book");
  await samePage.getByRole("link", { name: new RegExp(setup.serviceName) }).click();
  await samePage.getByRole("link", { name: /Anyone available/ }).click();
  await expect(samePage.getByText("Times are the salon’s local time (Europe/London).")).toBeVisible();
  await expect(samePage.getByRole("note")).toHaveCount(0);
  await same.close();
});

test("a booking made on the page appears live on a signed-in tablet's calendar", async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await chooseServiceStylistAndTime(page, setup, { later: true });
  const start = new URL(page.url()).searchParams.get("start")!;
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(start));
  const tabletContext = await browser.newContext({ viewport: TABLET });
  const tablet = await tabletContext.newPage();
  await signIn(tablet, ADMIN, `/calendar?view=day&date=${date}`);
  const lastName = `Live${Date.now().toString(36)}`;
  await expect(tablet.getByText(new RegExp(lastName))).toHaveCount(0);

  await fillDetails(page, { firstName: "Lena", lastName, phone: freshPhone() });
  await proofSolved(page);
  await confirmBooking(page);
  await expect(tablet.getByText(new RegExp(lastName)).first()).toBeVisible();
  await tabletContext.close();
});

test("while online booking is off, the page says it is not available", async ({ page }) => {
  await switchOnlineBooking(setup.token, false);
  try {
    const response = await page.goto("/book");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Online booking is not available." })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "screenshots/tablet-book-off.png" });
  } finally {
    await switchOnlineBooking(setup.token, true);
  }
});

test("services group by category whatever its case, each group a landmark named by its own heading", async ({
  page,
}) => {
  const short = setup.category.split(" ")[1];
  await page.setViewportSize(PHONE);
  await page.goto("/book");
  const colour = page.getByRole("region", { name: /^colour$/i });
  await expect(colour.getByRole("link", { name: new RegExp(`^Toner ${short}`) })).toBeVisible();
  await expect(colour.getByRole("link", { name: new RegExp(`^Glaze ${short}`) })).toBeVisible();
  await expect(page.getByRole("region", { name: `Colour ${short}`, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
