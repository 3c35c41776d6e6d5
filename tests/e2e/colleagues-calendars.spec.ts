// "Stylists see colleagues' calendars" with JavaScript on (decision 0113, on by default): a
// stylist sees a colleague's column, its blocks cannot be dragged or booked into, and one
// opens read-only with the time, service and client's name, without contact details or notes.
import { expect, test } from "@playwright/test";
import { STYLIST } from "./accounts";
import { apiRequest, calendarSetup, column, londonInstant, scrollToTime } from "./calendar-fixtures";
import { signIn, waitForModal } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";

const setup = calendarSetup();
const DAY = "2029-12-04";

test("a stylist sees a colleague's block read-only and opens it without contact details", async ({ page }) => {
  const theirs = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Theo Trimmer"],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant(DAY, "10:00"),
    notes: "Colleague's private note",
  });
  expect(theirs.status).toBe(201);

  await signIn(page, STYLIST, `/calendar?view=day&date=${DAY}`);
  const theo = column(page, "Theo Trimmer");
  const block = theo.getByTestId(`appointment-${theirs.body.id}`);
  await expect(block).toContainText("Jane Doe");
  await expect(block).toContainText("(view only)");
  // Not draggable, and nothing to book in a colleague's column; the stylist's own column still books.
  await expect(block).not.toHaveAttribute("data-id");
  await expect(theo.getByRole("link", { name: "New booking with Theo Trimmer" })).toHaveCount(0);
  await expect(
    column(page, "Sofia Stylist").getByRole("link", { name: "New booking with Sofia Stylist" }),
  ).toBeAttached();
  await expect(page.getByText("Colleague's private note")).toHaveCount(0);
  await scrollToTime(page, "10:00");
  await screenshotBothSizes(page, "calendar-colleague-read-only", async () => {
    await expect(page.getByTestId("day-grid")).toBeVisible();
  });

  await page.setViewportSize({ width: 1024, height: 768 });
  await block.click();
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Theo Trimmer's Appointment" });
  await expect(dialog).toContainText("Jane Doe");
  await expect(dialog).toContainText("Cut & Finish");
  await expect(dialog).toContainText("Tuesday, December 4, 2029, 10:00 AM–11:00 AM");
  await expect(dialog).not.toContainText("07400");
  await expect(dialog).not.toContainText("jane@example.com");
  await expect(dialog).not.toContainText("private note");
  await expect(dialog.getByRole("button", { name: /Save|Delete/ })).toHaveCount(0);
  await screenshotBothSizes(page, "colleague-appointment-dialog", async () => {
    await expect(dialog).toBeVisible();
  });
  await dialog.getByRole("link", { name: "Back to Calendar" }).click();
  await expect(dialog).toBeHidden();
});
