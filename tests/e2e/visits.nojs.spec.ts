// Visits without JavaScript (decision 0110): "Add service" is a submit button that shows
// the form again with one more line; the edit form moves the whole visit with a radio.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup, column, londonInstant } from "./calendar-fixtures";
import { signIn } from "./helpers";

const SOFIA = "Sofia Stylist";
const THEO = "Theo Trimmer";
const setup = calendarSetup();

test("book a visit without JavaScript, then move it whole from the edit form", async ({ page }) => {
  // Thursday 7 December 2028 (GMT; a day no other spec books).
  await signIn(page, ADMIN, "/calendar?view=day&date=2028-12-07");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Nico Novisit");
  await dialog.getByLabel("Phone").fill("07400 900872");
  await dialog.getByLabel("Time", { exact: true }).selectOption("10:00");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: SOFIA });
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Add service" }).click();

  dialog = page.getByRole("dialog", { name: "New Appointment" });
  await expect(dialog.getByRole("combobox", { name: "Client name" })).toHaveValue("Nico Novisit");
  const line = dialog.getByTestId("visit-line");
  await expect(line).toHaveCount(1);
  // The new line takes the previous line's stylist.
  await expect(line.getByLabel("Stylist", { exact: true })).toHaveValue(String(setup.stylists[SOFIA]));
  await line.getByLabel("Service", { exact: true }).selectOption({ label: "Colour Refresh" });
  await line.getByLabel("Stylist", { exact: true }).selectOption({ label: THEO });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("Visit of 2 services booked successfully")).toBeVisible();
  await expect(column(page, THEO).getByRole("link", { name: /Nico Novisit/ })).toContainText("11:00 AM – 12:30 PM");

  await column(page, SOFIA)
    .getByRole("link", { name: /Nico Novisit/ })
    .click();
  const edit = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(edit.getByTestId("visit-siblings")).toContainText(`Colour Refresh with ${THEO}`);
  await edit.getByLabel("Time", { exact: true }).selectOption("14:00");
  await edit.getByLabel("The whole visit").check();
  await page.screenshot({ path: "screenshots/visit-edit-nojs-tablet.png", fullPage: true });
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(column(page, THEO).getByRole("link", { name: /Nico Novisit/ })).toContainText("3:00 PM – 4:30 PM");
  const lines = await apiRequest("GET", `/api/appointments?from=2028-12-07&to=2028-12-07`, setup.token);
  const visit = (lines.body as { client: { name: string } | null; startTime: string }[]).filter(
    (row) => row.client?.name === "Nico Novisit",
  );
  expect(visit.map((row) => row.startTime)).toEqual([
    londonInstant("2028-12-07", "14:00"),
    londonInstant("2028-12-07", "15:00"),
  ]);
});
