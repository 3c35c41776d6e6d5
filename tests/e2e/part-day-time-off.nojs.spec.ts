// Part-day time off without JavaScript (decision 0112): the Add Time Off page takes a start and
// end time, says what is wrong with them, and the Day view shades only those hours.
import { expect, test } from "@playwright/test";
import { STYLIST } from "./accounts";
import { calendarSetup, column } from "./calendar-fixtures";
import { signIn } from "./helpers";

calendarSetup();
const DAY = "2029-11-27";

test("a stylist adds hours off one day with the plain form; the Day view shades them", async ({ page }) => {
  await signIn(page, STYLIST, "/availability/time-off/new");
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await dialog.getByLabel("Start Date").fill(DAY);
  await dialog.getByLabel("End Date").fill(DAY);
  await dialog.getByLabel("From").fill("15:00");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(dialog.getByText("Give both a start and an end time, or neither for whole days")).toBeVisible();
  await expect(dialog.getByLabel("From")).toHaveValue("15:00");
  await dialog.getByLabel("Until").fill("14:00");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(dialog.getByText("End time must be after start time")).toBeVisible();
  await dialog.getByLabel("Until").fill("17:00");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(page.getByText("Time off added.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Scheduled time off" })).toContainText(
    "Tuesday, November 27, 2029, 3:00 PM-5:00 PM",
  );

  await page.goto(`/calendar?view=day&date=${DAY}`);
  await expect(column(page, "Sofia Stylist").getByText("Time off 3:00 PM–5:00 PM")).toBeAttached();
});
