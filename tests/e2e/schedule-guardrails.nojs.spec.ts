// The schedule's guardrails without JavaScript (decisions 0062 to 0064): the time-off
// confirmation, the advance limit, the duration and blocked time are plain forms.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { apiRequest, calendarSetup, column, londonInstant } from "./calendar-fixtures";
import { signIn } from "./helpers";
import { bookingsInTimeOff, daysFromToday } from "./schedule-helpers";

const setup = calendarSetup();

test("time off over a booking: the first submit lists it, the second adds the time off and the booking stays", async ({
  page,
}) => {
  const booked = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Sofia Stylist"],
    serviceId: setup.services["Colour Refresh"],
    startTime: londonInstant("2028-02-08", "14:00"),
  });
  expect(booked.status).toBe(201);

  await signIn(page, STYLIST, "/availability/time-off/new");
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await dialog.getByLabel("Start Date").fill("2028-02-07");
  await dialog.getByLabel("End Date").fill("2028-02-09");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  const covered = bookingsInTimeOff(page);
  await expect(covered.getByRole("listitem")).toHaveText([
    "Tuesday, February 8, 2028, 2:00 PM: Jane Doe (Colour Refresh)",
  ]);
  await expect(dialog.getByLabel("End Date")).toHaveValue("2028-02-09");

  await dialog.getByRole("button", { name: "Add Time Off Anyway" }).click();
  await expect(page.getByText("Time off added.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Scheduled time off" })).toContainText("February 7, 2028");

  await page.goto("/calendar?view=day&date=2028-02-08");
  await expect(column(page, "Sofia Stylist").getByTestId(`appointment-${booked.body.id}`)).toContainText(
    "During time off",
  );
});

test("a stylist's booking past the advance limit is refused on the form", async ({ page }) => {
  await signIn(page, STYLIST, `/calendar/appointments/new?date=${daysFromToday(50)}&time=11:00`);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Otto Overreach");
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByText(/Appointments can be booked at most 30 days ahead/)).toBeVisible();
});

test("without JavaScript: an empty duration on a new booking takes the service's, an emptied one on edit is required; blocked time drops the service", async ({
  page,
}) => {
  await signIn(page, ADMIN, "/calendar/appointments/new?date=2028-02-21&time=10:00");
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await expect(dialog.getByText("Leave empty for the service's duration; rounded up to 15 minutes.")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Nadia NoScript");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: "Theo Trimmer" });
  await dialog.getByLabel("Service").selectOption({ label: "Colour Refresh" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  const block = column(page, "Theo Trimmer").getByRole("link", { name: /Nadia NoScript/ });
  await expect(block).toContainText("10:00 AM – 11:30 AM Colour Refresh");

  await block.click();
  const edit = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(edit.getByLabel("Duration (minutes)")).toHaveValue("90");
  await edit.getByLabel("Duration (minutes)").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Duration is required")).toBeVisible();

  // Blocked time: a service left chosen is not kept.
  await page.goto("/calendar/appointments/new?date=2028-02-21&time=14:00");
  await dialog.getByLabel("Status").selectOption("blocked");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: "Theo Trimmer" });
  await dialog.getByLabel("Service").selectOption({ label: "Fringe Trim" });
  await dialog.getByLabel("Duration (minutes)").fill("30");
  await dialog.getByLabel(/^Notes/).fill("Stock take");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  const blocked = column(page, "Theo Trimmer").getByRole("link", { name: /Stock take/ });
  await expect(blocked).toHaveText(/2:00 PM – 2:30 PM$/);
});
