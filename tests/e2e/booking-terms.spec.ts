// The booking dialog's duration and price follow the stylist and service, whichever is
// chosen last (decision 0098), and the dialog shows the price.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { bookedOn, termsSetup, type TermsSetup } from "./booking-terms-helpers";
import { signIn, waitForModal } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";

let setup: TermsSetup;
test.beforeAll(async () => {
  setup = await termsSetup();
});

test("service first, stylist second: the duration and price become the stylist's, and the booking is that long", async ({
  page,
}) => {
  await signIn(page, ADMIN, `/calendar/appointments/new?date=2027-03-02&time=10:00&stylistId=${setup.jo.stylistId}`);
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Fiona Follows");
  await dialog.getByLabel("Service").selectOption({ label: setup.cut.name });
  const duration = dialog.getByLabel("Duration (minutes)");
  const price = dialog.getByTestId("booking-price");
  await expect(duration).toHaveValue("45");
  await expect(price).toHaveText("£40.00");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: setup.sam.name });
  await expect(duration).toHaveValue("60");
  await expect(price).toHaveText("£55.00");
  await expect(dialog.getByText(`${setup.cut.name} with ${setup.sam.name}`)).toBeVisible();
  // Back to Jo: the duration still follows, as nobody typed one.
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: setup.jo.name });
  await expect(duration).toHaveValue("45");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: setup.sam.name });
  await screenshotBothSizes(page, "booking-dialog-price", async () => {
    await price.scrollIntoViewIfNeeded();
    await expect(price).toHaveText("£55.00");
  });
  await dialog.getByLabel(/Book even outside/).check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog).toBeHidden();
  expect(await bookedOn(setup, setup.sam.stylistId, "2027-03-02")).toMatchObject({ minutes: 60, price: 5500 });
});

test("a duration typed by hand stays when the stylist changes", async ({ page }) => {
  await signIn(page, ADMIN, `/calendar/appointments/new?date=2027-03-03&time=10:00&stylistId=${setup.jo.stylistId}`);
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByLabel("Service").selectOption({ label: setup.cut.name });
  await dialog.getByLabel("Duration (minutes)").fill("30");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: setup.sam.name });
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("30");
  await expect(dialog.getByTestId("booking-price")).toHaveText("£55.00");
});
