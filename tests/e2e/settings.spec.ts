import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { signIn } from "./helpers";
import { apiCall, apiToken } from "./services-helpers";

test("an admin saves the salon settings and the sidebar shows the new name", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/salon");
  await expect(page.getByLabel("Opening time")).toHaveValue("09:00");
  await expect(page.getByLabel("Closing time")).toHaveValue("18:00");
  await expect(page.getByLabel("Booking advance limit (days)")).toHaveValue("30");
  await expect(page.getByLabel("Cancellation notice (hours)")).toHaveValue("24");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/London");
  await page.getByLabel("Salon name").fill("Willow & Shear");
  await page.getByRole("button", { name: "Save All Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await expect(page.getByRole("complementary").getByText("Willow & Shear")).toBeVisible();

  await page.getByLabel("Closing time").fill("08:00");
  await page.getByRole("button", { name: "Save All Settings" }).click();
  await expect(page.getByText("Closing time must be after opening time")).toBeVisible();
});

test("changing your own password checks every rule", async ({ page }) => {
  await signIn(page, STYLIST, "/settings");
  const save = page.getByRole("button", { name: "Change Password" });
  await save.click();
  await expect(page.getByText("Please fill in all password fields.").first()).toBeVisible();
  await page.getByLabel("Current password").fill(STYLIST.password);
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm new password").fill("abc");
  await save.click();
  await expect(page.getByText("Password must be at least 8 characters long.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("kestrel-9a");
  await page.getByLabel("Confirm new password").fill("kestrel-9b");
  await save.click();
  await expect(page.getByText("New password and confirm password must match.")).toBeVisible();
  await page.getByLabel("Current password").fill("wrong-current");
  await page.getByLabel("Confirm new password").fill("kestrel-9a");
  await save.click();
  await expect(page.getByText("Current password is incorrect.")).toBeVisible();
});

test("an admin edits a staff account, cannot change their own role, and deletes a user after confirming", async ({
  page,
}) => {
  await signIn(page, ADMIN, "/settings/staff");
  await page.getByLabel("First name").fill("Temp");
  await page.getByLabel("Last name").fill("Worker");
  await page.getByLabel("Email").fill("temp@e2e.test");
  await page.getByLabel("Password").fill("temp-pass-1");
  await page.getByLabel("Role").selectOption("display");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created")).toBeVisible();

  await page.getByRole("link", { name: "Edit temp@e2e.test" }).click();
  // The list page has a Role select too (Create Account): wait for the edit page.
  await expect(page.getByRole("heading", { name: "Edit Temp Worker" })).toBeVisible();
  await page.getByLabel("Role").selectOption("stylist");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("User updated.")).toBeVisible();
  await expect(page.getByLabel("Role")).toHaveValue("stylist");

  await page.getByRole("link", { name: "Delete User" }).click();
  await expect(page.getByText("Delete temp@e2e.test?")).toBeVisible();
  await page.getByRole("button", { name: "Delete User" }).click();
  await expect(page.getByText("User deleted.")).toBeVisible();
  await expect(page.getByText("temp@e2e.test")).toHaveCount(0);

  await page.getByRole("link", { name: `Edit ${ADMIN.email}` }).click();
  await expect(page.getByLabel("Role")).toBeDisabled();
  await expect(page.getByText("You cannot change your own admin role")).toBeVisible();
});

test("notification switches are kept on this device", async ({ page }) => {
  await signIn(page, STYLIST, "/settings/notifications");
  const gdpr = page.getByRole("switch", { name: "GDPR reminders" });
  await expect(gdpr).not.toBeChecked();
  await expect(gdpr).toBeEnabled();
  await gdpr.click();
  await expect(gdpr).toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "GDPR reminders" })).toBeChecked();
});

test("saving the Salon tab keeps a reminder time that is not one of the listed ones", async ({ page }) => {
  // The API takes any whole number of hours from 1 to 168; the screens list 2, 4, 12, 24 and 48.
  const token = await apiToken();
  expect((await apiCall(token, "POST", "/api/salon-settings", { reminderHoursBefore: 36 })).status).toBe(200);
  try {
    await signIn(page, ADMIN, "/settings/salon");
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    expect(
      (await apiCall<{ reminderHoursBefore: number }>(token, "GET", "/api/salon-settings")).body.reminderHoursBefore,
    ).toBe(36);
    await expect(page.getByLabel("Send reminder")).toHaveValue("36");
    // The SMS screen has the same fields.
    await page.goto("/sms");
    await expect(page.getByLabel("Send reminder")).toHaveValue("36");
    await expect(page.getByLabel("Send reminder").locator("option")).toHaveText([
      "2 hours before",
      "4 hours before",
      "12 hours before",
      "24 hours before (recommended)",
      "36 hours before",
      "48 hours before",
    ]);
  } finally {
    await apiCall(token, "POST", "/api/salon-settings", { reminderHoursBefore: 24 });
  }
});
