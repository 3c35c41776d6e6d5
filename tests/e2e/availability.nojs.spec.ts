// My Availability without JavaScript: each day is a small form with a Save button, the
// working switch shows or hides the times by CSS, time off dialogs are pages.
import { expect, test } from "@playwright/test";
import { formatLongDate } from "../../app/lib/salon-time";
import { signIn } from "./helpers";
import { apiToken, createStylistAccount } from "./services-helpers";

test("a stylist saves days, switches to bi-weekly and manages time off with plain forms", async ({ page }) => {
  const stylist = await createStylistAccount(await apiToken(), "Nora", "Noscript");
  await signIn(page, stylist, "/availability");

  await page.getByLabel("End time on Monday").selectOption("18:00");
  await page.getByRole("button", { name: "Save Monday" }).click();
  await expect(page.getByText("Availability updated.")).toBeVisible();
  await expect(page.getByLabel("End time on Monday")).toHaveValue("18:00");

  await page.getByRole("switch", { name: "Working on Tuesday" }).uncheck();
  await expect(page.getByLabel("Start time on Tuesday")).toBeHidden();
  await page.getByRole("button", { name: "Save Tuesday" }).click();
  await expect(page.getByText("Availability updated.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Working on Tuesday" })).not.toBeChecked();

  await page.getByRole("switch", { name: "Working on Sunday" }).check();
  await page.getByLabel("Start time on Sunday").selectOption("10:00");
  await page.getByLabel("End time on Sunday").selectOption("16:00");
  await page.getByRole("button", { name: "Save Sunday" }).click();
  await expect(page.getByLabel("Start time on Sunday")).toHaveValue("10:00");
  await expect(page.getByLabel("End time on Sunday")).toHaveValue("16:00");

  await page.getByLabel("Start time on Wednesday").selectOption("18:00");
  await page.getByLabel("End time on Wednesday").selectOption("12:00");
  await page.getByRole("button", { name: "Save Wednesday" }).click();
  await expect(page.getByText("Failed to update availability: End time must be after start time")).toBeVisible();
  await expect(page.getByLabel("Start time on Wednesday")).toHaveValue("09:00");

  await page.getByRole("button", { name: "Bi-Weekly Schedule" }).click();
  await expect(page.getByText("Schedule type updated.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Week 2/ })).toBeVisible();
  // Week 2 starts as a copy of the days saved in Week 1 (decision 0011).
  await expect(page.getByRole("switch", { name: "Working on Monday, day 8" })).toBeChecked();
  await expect(page.getByLabel("End time on Monday, day 8")).toHaveValue("18:00");
  await expect(page.getByRole("switch", { name: "Working on Tuesday, day 9" })).not.toBeChecked();
  await expect(page.getByLabel("Start time on Sunday, day 14")).toHaveValue("10:00");

  await page.getByRole("link", { name: "Add Time Off" }).click();
  await expect(page).toHaveURL(/\/availability\/time-off\/new$/);
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await dialog.getByLabel("Start Date").fill("2032-02-02");
  await dialog.getByLabel("End Date").fill("2032-02-01");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(dialog.getByText("End date cannot be before the start date")).toBeVisible();
  await dialog.getByLabel("End Date").fill("2032-02-02");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(page.getByText("Time off added.")).toBeVisible();
  const range = `${formatLongDate("2032-02-02")} - ${formatLongDate("2032-02-02")}`;
  await page.getByRole("link", { name: `Delete time off ${range}` }).click();
  await page.getByRole("button", { name: "Delete Time Off" }).click();
  await expect(page.getByText("Time off deleted.")).toBeVisible();
  await expect(page.getByText("No time off scheduled")).toBeVisible();
});
