// Visits with JavaScript (decision 0109): the booking dialog adds a service with another
// stylist, following on; the Day view marks both blocks; dragging one asks "This service
// only / The whole visit", and the whole visit moves, the other stylist's line following.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup, column, expectToast, londonInstant, scrollToTime } from "./calendar-fixtures";
import { expectNoAxeViolations, PHONE, signIn, TABLET, waitForModal } from "./helpers";

const SOFIA = "Sofia Stylist";
const THEO = "Theo Trimmer";
const setup = calendarSetup();

test("book a visit of two services with two stylists, then drag it whole", async ({ page }) => {
  // Tuesday 5 December 2028 (GMT; a day no other spec books).
  await signIn(page, ADMIN, "/calendar?view=day&date=2028-12-05");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Vicky Visit");
  await dialog.getByLabel("Phone").fill("07400 930871");
  await dialog.getByLabel("Time", { exact: true }).selectOption("10:00");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: SOFIA });
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Add service" }).click();
  const line = dialog.getByTestId("visit-line");
  await line.getByLabel("Service", { exact: true }).selectOption({ label: "Colour Refresh" });
  await line.getByLabel("Stylist", { exact: true }).selectOption({ label: THEO });
  await expect(line).toContainText("Follows on at 11:00 AM");
  await expect(line.getByTestId("visit-line-price")).toContainText("70");
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "screenshots/visit-booking-tablet.png" });
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "screenshots/visit-booking-phone.png" });
  await page.setViewportSize(TABLET);
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Visit of 2 services booked successfully");
  await expect(dialog).toBeHidden();

  const sofiaBlock = column(page, SOFIA).getByRole("link", { name: /Vicky Visit/ });
  const theoBlock = column(page, THEO).getByRole("link", { name: /Vicky Visit/ });
  await expect(sofiaBlock).toHaveAccessibleName(/^Part of a visit: /);
  await expect(theoBlock).toContainText("11:00 AM – 12:30 PM");

  // Drag Sofia's line from 10:00 to 12:00: asked, then the whole visit moves.
  const id = Number((await sofiaBlock.getAttribute("data-testid"))?.replace("appointment-", ""));
  await scrollToTime(page, "10:00");
  // Other specs add stylists: Sofia's column may start off to the right.
  await sofiaBlock.scrollIntoViewIfNeeded();
  const from = (await sofiaBlock.boundingBox())!;
  const target = (await column(page, SOFIA).locator("[data-testid^=column-]").boundingBox())!;
  const targetY = target.y + ((12 * 60 - 7 * 60) / 15) * 28 + 6;
  await page.mouse.move(from.x + 10, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 30, { steps: 3 });
  await page.mouse.move(target.x + 20, targetY, { steps: 8 });
  await page.mouse.up();
  const question = page.getByRole("alertdialog", { name: "Move this service only, or the whole visit?" });
  await expect(question).toBeVisible();
  await page.screenshot({ path: "screenshots/visit-move-question-tablet.png" });
  await question.getByRole("button", { name: "The whole visit" }).click();
  await expectToast(page, "The appointment has been successfully moved.");
  const moved = await apiRequest("GET", `/api/appointments/${id}`, setup.token);
  expect(moved.body.startTime).toBe(londonInstant("2028-12-05", "12:00"));
  const lines = await apiRequest("GET", `/api/appointments?from=2028-12-05&to=2028-12-05`, setup.token);
  const visit = (lines.body as { visitId: string | null; startTime: string; stylistId: number }[]).filter(
    (row) => row.visitId === moved.body.visitId,
  );
  expect(visit.map((row) => [row.startTime, row.stylistId])).toEqual([
    [londonInstant("2028-12-05", "12:00"), setup.stylists[SOFIA]],
    [londonInstant("2028-12-05", "13:00"), setup.stylists[THEO]],
  ]);
  await expect(theoBlock).toContainText("1:00 PM – 2:30 PM");
});
