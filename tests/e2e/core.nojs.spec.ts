// The core flows with JavaScript switched off: every form is a plain HTML form.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { PHONE, signIn } from "./helpers";

test("sign in without JavaScript, with server-side validation and the return path", async ({ page }) => {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill(STYLIST.email);
  await page.getByLabel("Password").fill(STYLIST.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("Login successful")).toBeVisible();
});

test("create and edit a staff account without JavaScript", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/staff");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByText("Missing information. Please fill in all fields for the new user account."),
  ).toBeVisible();
  await page.getByLabel("First name").fill("Nora");
  await page.getByLabel("Last name").fill("Script");
  await page.getByLabel("Email").fill("nora@e2e.test");
  await page.getByLabel("Password").fill("nora-pass-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created")).toBeVisible();
  await page.getByRole("link", { name: "Edit nora@e2e.test" }).click();
  await page.getByLabel("Last name").fill("Noscript");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("User updated.")).toBeVisible();
  await expect(page.getByLabel("Last name")).toHaveValue("Noscript");
  await page.getByLabel("New password").fill("123");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
});

test("the phone menu and the settings dropdown open without JavaScript, and Sign Out works", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN, "/settings");
  await page.getByLabel("Open menu").click();
  const menu = page.getByRole("navigation", { name: /menu$/ }).first();
  await expect(menu.getByRole("link", { name: "SMS", exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Availability" })).toBeVisible();
  await page.getByLabel("Open menu").click();

  await page.locator("details").filter({ hasText: "Account" }).locator("summary").click();
  await page.getByRole("navigation", { name: "Settings sections (menu)" }).getByRole("link", { name: "Salon" }).click();
  await expect(page).toHaveURL(/\/settings\/salon$/);
  await page.locator("details").filter({ hasText: "Salon" }).last().locator("summary").click();
  await page.locator("details[open]").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
