// No-shows and the client profile without JavaScript (decisions 0082, 0083): marking a
// no-show with the edit page's form, and the client profile with its plain-link pagers and
// 'Book again' opening a prefilled booking page.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { signIn, TABLET } from "./helpers";
import { profileSalon, PROFILE_TOTAL_SPENT } from "./profile-helpers";

test("mark a no-show with the edit form: the day shows it", async ({ page }) => {
  const salon = await profileSalon();
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/calendar/appointments/${salon.pendingId}?view=day&date=${salon.pastDate}`);
  const edit = page.getByRole("dialog", { name: "Edit Appointment" });
  await edit.getByLabel("Status").selectOption({ label: "No-show" });
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Appointment updated successfully")).toBeVisible();
  await expect(page.getByTestId(`appointment-${salon.pendingId}`)).toContainText("No-show");
});

test("the client profile pages its history with links and Book again opens a prefilled booking page", async ({
  page,
}) => {
  const salon = await profileSalon();
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/clients?q=${encodeURIComponent(salon.clientName)}`);
  await page.getByRole("link", { name: salon.clientName, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: salon.clientName })).toBeVisible();
  await expect(page.getByText(PROFILE_TOTAL_SPENT)).toBeVisible();
  const past = page.getByRole("list", { name: "Past appointments" });
  await expect(past.getByRole("listitem")).toHaveCount(10);
  await page
    .getByRole("navigation", { name: "Past appointments pages" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(page).toHaveURL(/[?&]past=/);
  await expect(past.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("list", { name: "Upcoming appointments" }).getByRole("listitem")).toHaveCount(2);

  await page.getByRole("link", { name: "Book again" }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar/appointments/new\\?clientId=${salon.clientId}&`));
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await expect(dialog.getByRole("combobox", { name: "Client name" })).toHaveValue(salon.clientName);
  await expect(dialog.getByLabel("Service").locator("option:checked")).toHaveText(new RegExp(salon.serviceName));
  await expect(dialog.getByLabel("Stylist", { exact: true })).toHaveValue(String(salon.theo));
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("60");
});

test("a stylist's profile shows only their own appointments with the client", async ({ page }) => {
  const salon = await profileSalon();
  await signIn(page, STYLIST, `/clients/${salon.clientId}`);
  await expect(page.getByText("Client profile: your appointments with this client")).toBeVisible();
  // Sofia's: eleven completed visits (not Theo's December one), the no-show, the pending one.
  await expect(page.getByRole("list", { name: "Upcoming appointments" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("Theo Trimmer")).toHaveCount(0);
  await expect(page.getByText("£506.00")).toBeVisible();
});
