// Patch tests in the browser (decision 0126), with JavaScript and without: the booking
// dialog's warning and its "Book anyway", the calendar block's marker, and recording a test
// on the client profile. Dates in April 2031 (bookings go at most five years ahead), which no other spec uses.
import { expect, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, column, scrollToTime, type CalendarSetup } from "./calendar-fixtures";
import { signIn } from "./helpers";
import { unique } from "./services-helpers";

/** A colour service that needs a patch test, and a client of its own with no test on record. */
export async function colourAndClient(setup: CalendarSetup, phone: string) {
  const name = `PT Colour ${unique()}`;
  const service = await apiRequest("POST", "/api/services", setup.token, {
    name,
    category: "Colour",
    duration: 60,
    price: 6000,
    requiresPatchTest: true,
  });
  expect(service.status).toBe(201);
  const clientName = `Pat ${unique()}`;
  const client = await apiRequest("POST", "/api/clients", setup.token, { name: clientName, phone });
  expect(client.status).toBe(201);
  return { serviceName: name, clientName, phone, clientId: (client.body as { id: number }).id };
}

/** Books the colour in the dialog, is warned, ticks "Book anyway" and books. */
export async function bookThroughWarning(
  page: Page,
  setup: CalendarSetup,
  date: string,
  booking: { serviceName: string; clientName: string; phone: string },
  afterWarning?: () => Promise<void>,
) {
  await signIn(
    page,
    ADMIN,
    `/calendar/appointments/new?date=${date}&time=11:00&stylistId=${setup.stylists["Sofia Stylist"]}`,
  );
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill(booking.clientName);
  await dialog.getByLabel("Phone").fill(booking.phone);
  await dialog.getByLabel("Service").selectOption({ label: booking.serviceName });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();

  const warning = dialog.getByRole("alert").filter({ hasText: "needs a passed patch test" });
  await expect(warning).toContainText(`${booking.serviceName} needs a passed patch test at least 48 hours before`);
  await afterWarning?.();
  await dialog.getByLabel("Book anyway: a patch test will be done or the client has been told").check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText(/Appointment booked/)).toBeVisible();
}

/** The Day view marks the block: the patch test is missing. */
export async function expectMarker(page: Page, date: string, clientName: string, js = true) {
  await page.goto(`/calendar?view=day&date=${date}`);
  // Without JavaScript the grid does not scroll itself: the block is reached as it is.
  if (js) await scrollToTime(page, "11:00");
  const block = column(page, "Sofia Stylist").getByRole("link", { name: new RegExp(clientName) });
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByTestId("patch-test-mark")).toBeVisible();
  await expect(block).toContainText("Patch test missing");
}

/** Records a passed test on the client profile; it is listed. */
export async function recordOnProfile(page: Page, clientId: number) {
  await page.goto(`/clients/${clientId}`);
  const form = page.getByRole("form", { name: "Record patch test" });
  await form.getByLabel("Date").fill("2026-01-05");
  await form.getByLabel("Time").fill("10:00");
  await form.getByLabel("Result").selectOption("pass");
  await form.getByLabel("Product (optional)").fill("Majirel 6.0");
  await form.getByRole("button", { name: "Record patch test" }).click();
  const list = page.getByRole("list", { name: "Patch tests" });
  await expect(list).toContainText("Passed");
  await expect(list).toContainText("Majirel 6.0");
}
