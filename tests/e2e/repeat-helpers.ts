// Repeat bookings in the browser (decision 0087): the booking dialog's Repeat section,
// filled the same way with JavaScript on and off.
import { expect, type Locator } from "@playwright/test";
import { apiRequest, londonInstant, type CalendarSetup } from "./calendar-fixtures";

export const SOFIA = "Sofia Stylist";

/** Books Sofia at 10:00 on `date` through the API: the clash the preview must show. */
export async function bookClash(setup: CalendarSetup, date: string) {
  const clash = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists[SOFIA],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant(date, "10:00"),
  });
  expect(clash.status).toBe(201);
}

/** Fills the New Appointment dialog for a weekly repeat of `count` at 10:00 with Sofia. */
export async function fillRepeat(dialog: Locator, clientName: string, phone: string, count: number) {
  await dialog.getByRole("combobox", { name: "Client name" }).fill(clientName);
  await dialog.getByLabel("Phone").fill(phone);
  await dialog.getByLabel("Time", { exact: true }).selectOption("10:00");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: SOFIA });
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByLabel("Repeat this appointment").check();
  await dialog.getByLabel("Every").selectOption("1");
  await dialog.getByLabel("After a number").check();
  await dialog.getByLabel("Appointments in all").fill(String(count));
}

/** The preview lists every occurrence, the clash marked with its reason. */
export async function expectPreview(dialog: Locator, rows: [string, "Free" | "Not available"][]) {
  const preview = dialog.getByTestId("series-preview");
  await expect(preview.getByRole("listitem")).toHaveCount(rows.length);
  for (const [index, [when, state]] of rows.entries()) {
    const row = preview.getByRole("listitem").nth(index);
    await expect(row).toContainText(when);
    await expect(row).toContainText(state);
  }
  await expect(preview.getByRole("listitem").filter({ hasText: "Not available" }).first()).toContainText(
    "Sofia Stylist already has Jane Doe (Cut & Finish)",
  );
}
