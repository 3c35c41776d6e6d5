// The salon's 24-hour clock without JavaScript: the time-off form's covered bookings.
import { expect, test } from "@playwright/test";
import { STYLIST } from "./accounts";
import { apiRequest, calendarSetup, londonInstant } from "./calendar-fixtures";
import { signIn } from "./helpers";
import { bookingsInTimeOff } from "./schedule-helpers";
import { useClock } from "./clock-helpers";

const setup = calendarSetup();
useClock("24h");

test("time off over a booking lists it at 15:30", async ({ page }) => {
  const booked = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Sofia Stylist"],
    serviceId: setup.services["Colour Refresh"],
    startTime: londonInstant("2028-11-21", "15:30"),
  });
  expect(booked.status).toBe(201);
  await signIn(page, STYLIST, "/availability/time-off/new");
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await dialog.getByLabel("Start Date").fill("2028-11-20");
  await dialog.getByLabel("End Date").fill("2028-11-22");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(bookingsInTimeOff(page).getByRole("listitem")).toHaveText([
    "Tuesday, November 21, 2028, 15:30: Jane Doe (Colour Refresh)",
  ]);
});
