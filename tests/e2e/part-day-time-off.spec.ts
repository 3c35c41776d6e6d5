// Part-day time off with JavaScript on (decision 0112): the Add Time Off dialog takes a start
// and end time, lists the bookings those hours cover and asks first; the Day view then shades
// only those hours and marks the covered booking, not the others that day.
import { expect, test } from "@playwright/test";
import { STYLIST } from "./accounts";
import { apiRequest, calendarSetup, column, londonInstant, scrollToTime } from "./calendar-fixtures";
import { signIn, waitForModal } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";
import { bookingsInTimeOff } from "./schedule-helpers";

const setup = calendarSetup();
const DAY = "2029-11-20";

test("time off for part of a day lists the booking its hours cover, then shades those hours in the Day view", async ({
  page,
}) => {
  const book = (time: string) =>
    apiRequest("POST", "/api/appointments", setup.token, {
      clientId: setup.clientId,
      stylistId: setup.stylists["Sofia Stylist"],
      serviceId: setup.services["Cut & Finish"],
      startTime: londonInstant(DAY, time),
    });
  const covered = await book("10:00");
  const later = await book("14:00");
  expect([covered.status, later.status]).toEqual([201, 201]);

  await signIn(page, STYLIST, "/availability");
  await page.getByRole("link", { name: "Add Time Off" }).click();
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await dialog.getByLabel("Start Date").fill(DAY);
  await dialog.getByLabel("End Date").fill(DAY);
  await dialog.getByLabel("From").fill("09:30");
  await dialog.getByLabel("Until").fill("11:00");
  await dialog.getByLabel("Reason (optional)").fill("Dentist");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();

  const list = bookingsInTimeOff(page);
  await expect(list).toContainText("Sofia Stylist has 1 booked appointment in this time off.");
  await expect(list.getByRole("listitem")).toHaveText([
    "Tuesday, November 20, 2029, 10:00 AM: Jane Doe (Cut & Finish)",
  ]);
  await expect(dialog.getByLabel("From")).toHaveValue("09:30");
  await dialog.getByRole("button", { name: "Add Time Off Anyway" }).click();
  await expect(page.getByRole("status").getByText("Time off added.")).toBeVisible();
  const periods = page.getByRole("region", { name: "Scheduled time off" });
  await expect(periods).toContainText("Tuesday, November 20, 2029, 9:30 AM-11:00 AM");

  await page.goto(`/calendar?view=day&date=${DAY}`);
  const sofia = column(page, "Sofia Stylist");
  await expect(sofia.getByText("Time off 9:30 AM–11:00 AM: Dentist")).toBeAttached();
  await expect(sofia.getByTestId(`appointment-${covered.body.id}`)).toContainText("During time off");
  await expect(sofia.getByTestId(`appointment-${later.body.id}`)).not.toContainText("During time off");
  await scrollToTime(page, "09:30");
  await screenshotBothSizes(page, "calendar-part-day-time-off", async () => {
    await expect(sofia.getByText("Time off 9:30 AM–11:00 AM: Dentist")).toBeAttached();
  });
});
