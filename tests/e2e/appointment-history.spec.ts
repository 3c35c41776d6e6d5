// The edit dialog's History with JavaScript on (decision 0085): a move made elsewhere shows
// as a line with the stylists' names and the salon's clock, newest first.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup, londonInstant } from "./calendar-fixtures";
import { signIn, waitForModal } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";

const setup = calendarSetup();

test("the History section shows who moved the appointment, stylist and time", async ({ page }) => {
  const date = "2027-02-09";
  const booked = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Sofia Stylist"],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant(date, "10:00"),
    notes: "History with JS",
  });
  expect(booked.status).toBe(201);
  const moved = await apiRequest("PATCH", `/api/appointments/${booked.body.id}`, setup.token, {
    startTime: londonInstant(date, "11:30"),
    stylistId: setup.stylists["Theo Trimmer"],
  });
  expect(moved.status).toBe(200);

  await signIn(page, ADMIN, `/calendar/appointments/${booked.body.id}?view=day&date=${date}`);
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  const history = dialog.getByRole("region", { name: "History" });
  await expect(history.getByRole("heading", { name: "History" })).toBeVisible();
  // Closed by default, so the form keeps the dialog's height.
  const changes = history.getByRole("list", { name: "Changes, newest first" });
  await expect(changes).toBeHidden();
  await history.getByText("Show latest changes").click();
  await expect(changes.getByRole("listitem")).toHaveCount(2);
  await expect(changes.getByRole("listitem").first()).toContainText(
    "Ada Admin moved it: Stylist Sofia Stylist → Theo Trimmer, Time 10:00 AM → 11:30 AM",
  );
  await expect(changes.getByRole("listitem").nth(1)).toContainText("Ada Admin created it: Stylist Sofia Stylist");
  await expect(history.getByRole("link", { name: "Show all" })).toHaveCount(0);

  await screenshotBothSizes(page, "appointment-history", async () => {
    await expect(changes).toBeVisible();
    await changes.getByRole("listitem").last().scrollIntoViewIfNeeded();
  });
});
