// Without JavaScript, an appointment of a stylist who left (decision 0098) is moved to
// another stylist with the edit form.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { calendarFixtures, stylistIds } from "./calendar-fixtures";
import { signIn } from "./helpers";
import { apiCall, apiToken, createStylistAccount, unique } from "./services-helpers";

test("a deactivated stylist's appointment is moved to another stylist with the edit form", async ({ page }) => {
  const token = await apiToken();
  const { services, clientId } = await calendarFixtures();
  const leaver = await createStylistAccount(token, "Leo", `Leaving${unique()}`);
  const booked = await apiCall<{ id: number }>(token, "POST", "/api/appointments", {
    clientId,
    stylistId: leaver.stylistId,
    serviceId: services["Cut & Finish"],
    startTime: "2027-04-21T10:00:00.000Z",
    availabilityOverride: true,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  expect((await apiCall(token, "PATCH", `/api/users/${leaver.userId}`, { isActive: false })).status).toBe(200);

  await signIn(page, ADMIN, `/calendar/appointments/${booked.body.id}?date=2027-04-21`);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog.getByLabel("Stylist", { exact: true })).toHaveValue(String(leaver.stylistId));
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: "Sofia Stylist" });
  await dialog.getByLabel(/Book even outside/).check();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/calendar\?/);
  const moved = await apiCall<{ stylist: { id: number } }>(token, "GET", `/api/appointments/${booked.body.id}`);
  expect(moved.body.stylist.id).toBe((await stylistIds(token))["Sofia Stylist"]);
});
