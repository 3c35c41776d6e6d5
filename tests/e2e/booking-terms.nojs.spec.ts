// Without JavaScript the booking dialog cannot refill the duration when the stylist
// changes, so the server does (decision 0098): a duration left as the form filled it for
// another stylist becomes the chosen stylist's, on a new booking and on an edit.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { calendarFixtures } from "./calendar-fixtures";
import { bookedOn, termsSetup, type TermsSetup } from "./booking-terms-helpers";
import { signIn } from "./helpers";
import { apiCall } from "./services-helpers";

let setup: TermsSetup;
test.beforeAll(async () => {
  setup = await termsSetup();
});

test("a new booking filled for Jo and switched to Sam books Sam's 60 minutes at Sam's price", async ({ page }) => {
  await signIn(
    page,
    ADMIN,
    `/calendar/appointments/new?date=2027-03-04&time=10:00&stylistId=${setup.jo.stylistId}&serviceId=${setup.cut.id}`,
  );
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("45");
  await expect(dialog.getByTestId("booking-price")).toHaveText("£40.00");
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Nico NoScript");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: setup.sam.name });
  await dialog.getByLabel(/Book even outside/).check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page).toHaveURL(/\/calendar\?/);
  expect(await bookedOn(setup, setup.sam.stylistId, "2027-03-04")).toMatchObject({ minutes: 60, price: 5500 });
});

test("an edit moved from Jo to Sam with the duration untouched takes Sam's duration and price", async ({ page }) => {
  const booked = await apiCall<{ id: number }>(setup.token, "POST", "/api/appointments", {
    clientId: (await calendarFixtures()).clientId,
    stylistId: setup.jo.stylistId,
    serviceId: setup.cut.id,
    startTime: "2027-03-05T10:00:00.000Z",
    availabilityOverride: true,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  await signIn(page, ADMIN, `/calendar/appointments/${booked.body.id}`);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("45");
  await expect(dialog.getByTestId("booking-price")).toHaveText("£40.00");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: setup.sam.name });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/calendar\?/);
  expect(await bookedOn(setup, setup.sam.stylistId, "2027-03-05")).toMatchObject({ minutes: 60, price: 5500 });
});
