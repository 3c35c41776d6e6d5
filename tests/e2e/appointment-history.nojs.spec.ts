// The edit dialog's History without JavaScript (decision 0085): a move made with the edit
// form shows in the native disclosure, and 'Show all' pages through every entry.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup, londonInstant } from "./calendar-fixtures";
import { signIn } from "./helpers";

const setup = calendarSetup();

test("a move by the edit form shows under History, and 'Show all' pages", async ({ page }) => {
  const date = "2027-02-10";
  const booked = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Sofia Stylist"],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant(date, "09:00"),
    notes: "History without JS",
  });
  expect(booked.status).toBe(201);
  const path = `/calendar/appointments/${booked.body.id}?view=day&date=${date}`;

  await signIn(page, ADMIN, path);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await dialog.getByLabel("Time", { exact: true }).selectOption("16:00");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Appointment updated successfully")).toBeVisible();

  await page.goto(path);
  const history = page.getByRole("dialog", { name: "Edit Appointment" }).getByRole("region", { name: "History" });
  await history.getByText("Show latest changes").click();
  const changes = history.getByRole("list", { name: "Changes, newest first" });
  await expect(changes.getByRole("listitem").first()).toContainText("Ada Admin moved it: Time 9:00 AM → 4:00 PM");

  // Five more moves: the dialog shows the newest five and links to every entry.
  for (const time of ["10:00", "11:00", "12:00", "13:00", "14:00"]) {
    expect(
      (
        await apiRequest("PATCH", `/api/appointments/${booked.body.id}`, setup.token, {
          startTime: londonInstant(date, time),
        })
      ).status,
    ).toBe(200);
  }
  await page.goto(path);
  await history.getByText("Show latest changes").click();
  await expect(changes.getByRole("listitem")).toHaveCount(5);
  await history.getByRole("link", { name: "Show all" }).click();
  await expect(page).toHaveURL(/history=all/);
  await expect(history.getByText("Hide changes")).toBeVisible();
  await expect(changes.getByRole("listitem")).toHaveCount(7);
  await expect(changes.getByRole("listitem").last()).toContainText("Ada Admin created it");
  await history.getByRole("link", { name: "Show only the latest" }).click();
  await expect(page).not.toHaveURL(/history=all/);
});
