// The schedule's guardrails with JavaScript on (decisions 0062 to 0064): time off over a booking
// lists it and asks first, then the calendar marks the booking; a stylist cannot book past
// the salon's advance limit; an emptied duration is required; a cancellation inside the
// notice is recorded as late and shown on the appointment.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { apiRequest, calendarSetup, column, expectToast, londonInstant } from "./calendar-fixtures";
import { signIn } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";
import { bookingsInTimeOff, daysFromToday } from "./schedule-helpers";

const setup = calendarSetup();

test("time off over a booking lists it and asks; confirmed, the booking stays and the calendar marks it", async ({
  page,
}) => {
  const booked = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Sofia Stylist"],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant("2028-01-17", "10:00"),
  });
  expect(booked.status).toBe(201);

  await signIn(page, STYLIST, "/availability");
  await page.getByRole("link", { name: "Add Time Off" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await dialog.getByLabel("Start Date").fill("2028-01-17");
  await dialog.getByLabel("End Date").fill("2028-01-18");
  await dialog.getByLabel("Reason (optional)").fill("Colour course");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();

  const covered = bookingsInTimeOff(page);
  await expect(covered).toContainText("Sofia Stylist has 1 booked appointment in this time off.");
  await expect(covered.getByRole("listitem")).toHaveText([
    "Monday, January 17, 2028, 10:00 AM: Jane Doe (Cut & Finish)",
  ]);
  await expect(dialog.getByLabel("Start Date")).toHaveValue("2028-01-17");
  await screenshotBothSizes(page, "time-off-over-bookings", async () => {
    await expect(covered).toBeVisible();
  });

  await dialog.getByRole("button", { name: "Add Time Off Anyway" }).click();
  await expect(page.getByRole("status").getByText("Time off added.")).toBeVisible();

  await page.goto("/calendar?view=day&date=2028-01-17");
  const block = column(page, "Sofia Stylist").getByTestId(`appointment-${booked.body.id}`);
  await expect(block).toContainText("During time off");
  await expect(block).toContainText("Jane Doe");
  await screenshotBothSizes(page, "calendar-booking-during-time-off", async () => {
    await expect(block).toBeAttached();
  });
  // The week view flags the stylist's day: bookings without working hours.
  await page.goto(`/calendar?view=week&date=2028-01-17&stylist=${setup.stylists["Sofia Stylist"]}`);
  await expect(
    page.getByRole("link", { name: /^Sofia Stylist, .*: 1 appointment, .*outside working hours$/ }),
  ).toBeVisible();
});

test("a stylist cannot book past the salon's advance limit; an emptied duration is required", async ({ page }) => {
  const far = daysFromToday(45);
  await signIn(page, STYLIST, `/calendar/appointments/new?date=${far}&time=10:00`);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Fay Faraway");
  await dialog.getByLabel("Phone").fill("07400 900818");
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("60");

  await dialog.getByLabel("Duration (minutes)").fill("");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByText("Duration is required")).toBeVisible();

  await dialog.getByLabel("Duration (minutes)").fill("60");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(
    dialog.getByText(
      /Appointments can be booked at most 30 days ahead, so by .* at the latest\. An administrator can book further ahead\./,
    ),
  ).toBeVisible();
  await screenshotBothSizes(page, "booking-advance-limit", async () => {
    await expect(dialog).toBeVisible();
  });
});

test("a cancellation inside the notice is recorded as late and shown on the appointment", async ({ page }) => {
  // A notice of 30 days puts an appointment three days ahead inside it, whatever the time now.
  expect((await apiRequest("POST", "/api/salon-settings", setup.token, { cancellationNotice: 720 })).status).toBe(200);
  try {
    const date = daysFromToday(3);
    const booked = await apiRequest("POST", "/api/appointments", setup.token, {
      clientId: setup.clientId,
      stylistId: setup.stylists["Theo Trimmer"],
      serviceId: setup.services["Fringe Trim"],
      startTime: londonInstant(date, "20:00"),
      availabilityOverride: true,
    });
    expect(booked.status).toBe(201);
    await signIn(page, ADMIN, `/calendar/appointments/${booked.body.id}?date=${date}&view=day`);
    const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
    await dialog.getByLabel("Status").selectOption("cancelled");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Appointment updated successfully");
    const block = page.getByTestId(`appointment-${booked.body.id}`);
    await expect(block).toContainText("Late cancellation");

    await page.goto(`/calendar/appointments/${booked.body.id}?date=${date}&view=day`);
    await expect(
      dialog.getByText("Late cancellation: cancelled within the salon's cancellation notice."),
    ).toBeVisible();
    await screenshotBothSizes(page, "late-cancellation", async () => {
      await expect(dialog).toBeVisible();
    });
  } finally {
    await apiRequest("POST", "/api/salon-settings", setup.token, { cancellationNotice: 24 });
  }
});
