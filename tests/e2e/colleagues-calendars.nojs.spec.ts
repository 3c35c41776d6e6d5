// "Stylists see colleagues' calendars" without JavaScript (decision 0113): a colleague's block
// is a plain link to the read-only page, which shows no contact details and no form.
import { expect, test } from "@playwright/test";
import { STYLIST } from "./accounts";
import { apiRequest, calendarSetup, column, londonInstant } from "./calendar-fixtures";
import { signIn } from "./helpers";

const setup = calendarSetup();
const DAY = "2029-12-11";

test("a stylist opens a colleague's appointment read-only with plain links", async ({ page }) => {
  const theirs = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Theo Trimmer"],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant(DAY, "14:00"),
  });
  expect(theirs.status).toBe(201);
  await signIn(page, STYLIST, `/calendar?view=day&date=${DAY}`);
  await column(page, "Theo Trimmer").getByTestId(`appointment-${theirs.body.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/calendar/colleague/${theirs.body.id}`));
  const dialog = page.getByRole("dialog", { name: "Theo Trimmer's Appointment" });
  await expect(dialog).toContainText("Jane Doe");
  await expect(dialog).toContainText("2:00 PM–3:00 PM");
  await expect(dialog).not.toContainText("07400");
  await expect(dialog.locator("form")).toHaveCount(0);
  // The edit dialog stays closed to a colleague.
  await page.goto(`/calendar/appointments/${theirs.body.id}`);
  await expect(page.getByText("Appointment not found.")).toBeVisible();
});
