// Repeat bookings without JavaScript: the first submit lists the occurrences on the
// dialog's page, the second books the free ones.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { calendarSetup, column } from "./calendar-fixtures";
import { signIn } from "./helpers";
import { bookClash, expectPreview, fillRepeat, SOFIA } from "./repeat-helpers";

const setup = calendarSetup();

test("book a weekly repeat without JavaScript: preview, then book the free ones", async ({ page }) => {
  await bookClash(setup, "2028-03-14");
  await signIn(page, ADMIN, "/calendar?view=day&date=2028-03-07");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await fillRepeat(dialog, "Nora Norepeat", "07400 900863", 4);
  await dialog.getByRole("button", { name: "Book Appointment" }).click();

  // 28 March 2028 is after the clocks go forward: still 10:00 on the wall clock.
  await expectPreview(dialog, [
    ["Tuesday, March 7, 2028 at 10:00 AM", "Free"],
    ["Tuesday, March 14, 2028 at 10:00 AM", "Not available"],
    ["Tuesday, March 21, 2028 at 10:00 AM", "Free"],
    ["Tuesday, March 28, 2028 at 10:00 AM", "Free"],
  ]);
  await expect(dialog.getByRole("combobox", { name: "Client name" })).toHaveValue("Nora Norepeat");
  await dialog.getByRole("button", { name: "Book 3 appointments" }).click();
  await expect(page.getByText("3 appointments booked; not booked: Tuesday, March 14, 2028 at 10:00 AM")).toBeVisible();
  await expect(column(page, SOFIA).getByRole("link", { name: /Nora Norepeat/ })).toContainText("10:00 AM – 11:00 AM");
  await page.goto("/calendar?view=day&date=2028-03-28");
  await expect(column(page, SOFIA).getByRole("link", { name: /Nora Norepeat/ })).toContainText("10:00 AM – 11:00 AM");
});

test("deleting an occurrence without JavaScript can take the following ones too", async ({ page }) => {
  await signIn(page, ADMIN, "/calendar?view=day&date=2028-04-04");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await fillRepeat(dialog, "Dora Delete", "07400 900864", 3);
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await dialog.getByRole("button", { name: "Book 3 appointments" }).click();
  await expect(page.getByText("3 appointments booked successfully")).toBeVisible();

  await page.goto("/calendar?view=day&date=2028-04-11");
  await expect(column(page, SOFIA).getByRole("link", { name: /Dora Delete/ })).toHaveAccessibleName(/^Repeats: /);
  await column(page, SOFIA)
    .getByRole("link", { name: /Dora Delete/ })
    .click();
  await page
    .getByRole("dialog", { name: "Edit Appointment" })
    .getByRole("link", { name: "Delete", exact: true })
    .click();
  await page.getByLabel("This and following").check();
  await page.getByRole("button", { name: "Delete Appointment" }).click();
  await expect(page.getByText("2 appointments deleted")).toBeVisible();
  await page.goto("/calendar?view=day&date=2028-04-18");
  await expect(column(page, SOFIA).getByRole("link", { name: /Dora Delete/ })).toHaveCount(0);
  await page.goto("/calendar?view=day&date=2028-04-04");
  await expect(column(page, SOFIA).getByRole("link", { name: /Dora Delete/ })).toBeVisible();
});
