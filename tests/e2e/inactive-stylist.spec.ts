// A stylist who left (decision 0098): a column marked "(inactive)" only on the days they have
// appointments, not offered for new bookings, and their appointment's edit still saves.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { calendarFixtures } from "./calendar-fixtures";
import { signIn, waitForModal } from "./helpers";
import { apiCall, apiToken, createStylistAccount, unique } from "./services-helpers";

test("a deactivated stylist keeps a column only where they have appointments and is not offered for new bookings", async ({
  page,
}) => {
  const token = await apiToken();
  const { services, clientId } = await calendarFixtures();
  const leaver = await createStylistAccount(token, "Lena", `Leaving${unique()}`);
  const booked = await apiCall<{ id: number }>(token, "POST", "/api/appointments", {
    clientId,
    stylistId: leaver.stylistId,
    serviceId: services["Cut & Finish"],
    startTime: "2027-03-09T10:00:00.000Z",
    availabilityOverride: true,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  expect((await apiCall(token, "PATCH", `/api/users/${leaver.userId}`, { isActive: false })).status).toBe(200);

  const column = page.getByRole("region", { name: `${leaver.name} (inactive)'s appointments` });
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-09");
  await expect(column.getByTestId(`appointment-${booked.body.id}`)).toBeVisible();
  await page.goto("/calendar?view=day&date=2027-03-10");
  await expect(page.getByRole("region", { name: /Sofia Stylist's appointments/ })).toBeVisible();
  await expect(column).toHaveCount(0);

  await page.goto("/calendar/appointments/new?date=2027-03-09&time=12:00");
  await waitForModal(page);
  const stylist = page.getByRole("dialog", { name: "New Appointment" }).getByLabel("Stylist", { exact: true });
  await expect(stylist.locator("option", { hasText: leaver.name })).toHaveCount(0);

  await page.goto(`/calendar/appointments/${booked.body.id}?date=2027-03-09`);
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog.getByLabel("Stylist", { exact: true })).toHaveValue(String(leaver.stylistId));
  await dialog.getByLabel("Notes").fill("Moving to Sofia next");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
});
