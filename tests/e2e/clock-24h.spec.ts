// The salon's 24-hour clock with JavaScript (decision 0075): the time-off dialog's covered
// bookings, the chat's times and the SMS screen's preview follow it.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { sendMessageViaApi } from "./board-helpers";
import { apiRequest, calendarSetup, londonInstant } from "./calendar-fixtures";
import { signIn, waitForModal } from "./helpers";
import { bookingsInTimeOff } from "./schedule-helpers";
import { useClock } from "./clock-helpers";

const setup = calendarSetup();
useClock("24h");

test("time off over a booking lists it at 14:00", async ({ page }) => {
  const booked = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Sofia Stylist"],
    serviceId: setup.services["Colour Refresh"],
    startTime: londonInstant("2028-11-14", "14:00"),
  });
  expect(booked.status).toBe(201);
  await signIn(page, STYLIST, "/availability/time-off/new");
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await dialog.getByLabel("Start Date").fill("2028-11-13");
  await dialog.getByLabel("End Date").fill("2028-11-15");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(bookingsInTimeOff(page).getByRole("listitem")).toHaveText([
    "Tuesday, November 14, 2028, 14:00: Jane Doe (Colour Refresh)",
  ]);
});

test("the chat's times and the SMS preview read on the 24-hour clock", async ({ page, request }) => {
  await sendMessageViaApi(request, setup.token, "Clock check on the 24-hour setting");
  await signIn(page, ADMIN, "/messages");
  const item = page
    .getByRole("region", { name: "Group Chat" })
    .getByRole("listitem")
    .filter({ hasText: "Clock check on the 24-hour setting" })
    .last();
  await expect(item).toContainText(/(^|\D)([01]?\d|2[0-3]):[0-5]\d(\D|$)/);
  await expect(item).not.toContainText(/\d (AM|PM)/);

  await page.goto("/sms");
  await page.getByLabel("Message template").fill("At {appointmentTime}");
  await expect(page.getByTestId("sms-preview")).toHaveText(/^At ([01]?\d|2[0-3]):[0-5]\d$/);
});
