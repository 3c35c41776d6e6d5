// The salon's side of online booking with JavaScript: the Online Booking tab (link, QR code,
// poster), the service dialog's fields, the staff screen's switch, the Requests screen with
// its badge, the calendar's Online marker and the toast when a booking arrives live.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { expectNoAxeViolations, signIn, TABLET, waitForModal } from "./helpers";
import { keepOnlineSettings, onlineBooking, onlineFixture } from "./online-admin-helpers";
import { apiCall, apiToken, screenshotBothSizes, unique } from "./services-helpers";

test("an admin switches online booking on and finds the link, the QR code and the poster", async ({ page }) => {
  const restore = await keepOnlineSettings();
  await signIn(page, ADMIN, "/settings");
  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: "Online Booking" })
    .click();
  await expect(page).toHaveURL(/\/settings\/online$/);
  await page.getByRole("switch", { name: "Online booking on" }).check();
  await page.getByRole("switch", { name: "New clients may book" }).check();
  await page.getByLabel("Minimum notice (hours)").fill("200");
  await page.getByRole("button", { name: "Save Online Booking" }).click();
  await expect(page.getByText("At most 168 hours (one week)")).toBeVisible();
  await page.getByLabel("Minimum notice (hours)").fill("4");
  await page.getByLabel("Booking policy").fill("Colour appointments need a patch test 48 hours before.");
  await page.getByRole("button", { name: "Save Online Booking" }).click();
  await expect(page.getByText("Online booking is on: clients can book at the link below.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Online booking on" })).toBeChecked();
  await expect(page.getByLabel("Minimum notice (hours)")).toHaveValue("4");
  const link = page.getByRole("textbox", { name: "Booking link", exact: true });
  await expect(link).toHaveValue(/\/book$/);
  const qr = page.getByRole("img", { name: /^QR code for .*\/book$/ });
  await expect(qr.locator("svg")).toBeVisible();
  await screenshotBothSizes(page, "online-booking-tab", async (p) => {
    await expect(p.getByRole("heading", { name: "Your Booking Link" })).toBeVisible();
  });

  await page.getByRole("link", { name: "Printable Poster (A4)" }).click();
  await expect(page).toHaveURL(/\/settings\/online\/poster$/);
  await expect(page.getByText("Book your next appointment online")).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code for/ }).locator("svg")).toBeVisible();
  await screenshotBothSizes(page, "online-booking-poster", async (p) => {
    await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
  });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "Back to Online Booking" })).toBeHidden();
  await restore();
});

test("a stylist has no Online Booking tab and is refused the page and the poster", async ({ page }) => {
  await signIn(page, STYLIST, "/settings");
  await expect(page.getByRole("link", { name: "Online Booking" })).toHaveCount(0);
  expect((await page.goto("/settings/online"))?.status()).toBe(403);
  expect((await page.goto("/settings/online/poster"))?.status()).toBe(403);
});

test("the service dialog saves whether a service is bookable online and its buffer", async ({ page }) => {
  const token = await apiToken(ADMIN);
  const name = `Buffered Colour ${unique()}`;
  await signIn(page, ADMIN, "/services/new");
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await dialog.getByLabel("Service Name").fill(name);
  await dialog.getByLabel("Category").fill("Colour");
  await dialog.getByLabel("Duration (minutes)").fill("90");
  await dialog.getByLabel("Price (£)").fill("80");
  await expect(dialog.getByRole("switch", { name: "Bookable Online" })).toBeChecked();
  await dialog.getByRole("switch", { name: "Bookable Online" }).uncheck();
  await dialog.getByLabel("Buffer after (minutes)").fill("150");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(dialog.getByText("Buffer must be at most 120 minutes")).toBeVisible();
  await dialog.getByLabel("Buffer after (minutes)").fill("15");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByText("Service created successfully")).toBeVisible();
  const listed = await apiCall(token, "GET", `/api/services?search=${encodeURIComponent(name)}`);
  expect(listed.body).toEqual([expect.objectContaining({ name, onlineBookable: false, bufferMinutes: 15 })]);
});

test("the staff screen's switch takes a stylist off the booking page and back", async ({ page }) => {
  const { stylist } = await onlineFixture();
  await signIn(page, ADMIN, "/settings/staff");
  const toggle = page.getByRole("switch", { name: `${stylist.name} bookable online` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(page.getByRole("switch", { name: `${stylist.name} bookable online` })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await page.getByRole("switch", { name: `${stylist.name} bookable online` }).click();
  await expect(page.getByRole("switch", { name: `${stylist.name} bookable online` })).toHaveAttribute(
    "aria-checked",
    "true",
  );
});

test("requests: the badge, Accept and Decline, the Online marker and a toast when one arrives", async ({ page }) => {
  const fixture = await onlineFixture();
  const first = await onlineBooking(fixture, `Ola Request ${fixture.tag}`, "2029-06-12T09:00:00.000Z");
  await onlineBooking(fixture, `Kim Request ${fixture.tag}`, "2029-06-12T11:00:00.000Z");
  await signIn(page, ADMIN, "/calendar?view=day&date=2029-06-12");
  const block = page.getByTestId(`appointment-${first}`);
  await expect(block.getByTestId("online-mark")).toHaveText("Online");
  await expect(block).toContainText("Requested");
  const nav = page.getByRole("navigation", { name: "Main" });
  const requestsLink = nav.getByRole("link", { name: /^Requests/ });
  await expect(requestsLink).toBeVisible();
  const before = Number((await requestsLink.innerText()).replace(/\D+/g, "")) || 0;
  expect(before).toBeGreaterThanOrEqual(2);

  // Another tablet's client books: the badge grows and a toast says so, without a reload.
  const arrived = await onlineBooking(fixture, `Lee Request ${fixture.tag}`, "2029-06-12T13:00:00.000Z");
  await expect(page.getByText("New booking request", { exact: true })).toBeVisible();
  await expect(requestsLink).toContainText(String(before + 1));
  await expect(page.getByTestId(`appointment-${arrived}`).getByTestId("online-mark")).toBeVisible();
  await page.screenshot({ path: "screenshots/tablet-online-calendar.png" });

  await requestsLink.click();
  await expect(page.getByRole("heading", { name: "Booking Requests", level: 1 })).toBeVisible();
  const mine = page.getByRole("main").getByRole("region").filter({ hasText: fixture.tag });
  await expect(mine).toHaveCount(3);
  await screenshotBothSizes(page, "online-requests", async (p) => {
    await expect(p.getByRole("button", { name: `Accept Ola Request ${fixture.tag}'s request` })).toBeVisible();
  });
  await page.getByRole("button", { name: `Accept Ola Request ${fixture.tag}'s request` }).click();
  await expect(page.getByText("Request accepted")).toBeVisible();
  await expect(mine).toHaveCount(2);
  await page.getByRole("button", { name: `Decline Kim Request ${fixture.tag}'s request` }).click();
  await expect(page.getByText("Request declined")).toBeVisible();
  await expect(mine).toHaveCount(1);
  await page.getByRole("button", { name: `Decline Lee Request ${fixture.tag}'s request` }).click();
  await expect(mine).toHaveCount(0);
  const appointment = await apiCall(fixture.token, "GET", `/api/appointments/${first}`);
  expect(appointment.body).toMatchObject({ status: "scheduled", source: "online" });
  await page.setViewportSize(TABLET);
  await expectNoAxeViolations(page);
});

test("a scheduled online booking shows the Online marker and a toast on an open calendar", async ({ page }) => {
  const fixture = await onlineFixture();
  await signIn(page, ADMIN, "/calendar?view=day&date=2029-06-13");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const id = await onlineBooking(fixture, `Ana Online ${fixture.tag}`, "2029-06-13T10:00:00.000Z", "scheduled");
  await expect(page.getByText("New online booking", { exact: true })).toBeVisible();
  await expect(page.getByTestId(`appointment-${id}`).getByTestId("online-mark")).toBeVisible();
  await expect(page.getByTestId(`appointment-${id}`)).not.toContainText("Requested");
});
