// A colleague's mistyping locks a stylist out at the shared tablet; the sign-in page says
// when to try again, and an admin unlocks the account from Staff Accounts.
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { ADMIN } from "./accounts";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";
import { apiToken, createStylistAccount } from "./services-helpers";

const LOCKED =
  "Too many failed sign-in attempts. Please wait 15 minutes and try again, or ask an administrator to unlock your account.";

test("five wrong passwords lock the account; an admin unlocks it and the stylist signs in", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // every failed guess costs a real password hash
  const stylist = await createStylistAccount(await apiToken(), "Lena", "Locked");

  await page.goto("/auth");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Email").fill(stylist.email);
    await page.getByLabel("Password").fill(`mistyped-${attempt}`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  }
  await page.getByLabel("Email").fill(stylist.email);
  await page.getByLabel("Password").fill(stylist.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText(LOCKED);
  await expect(page).toHaveURL(/\/auth/);

  const adminContext = await browser.newContext({ baseURL, viewport: TABLET });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN, `/settings/staff/${stylist.userId}`);
  const lock = admin.getByRole("status").filter({ hasText: "Sign-in is locked after 5 failed attempts" });
  await expect(lock).toBeVisible();
  await expect(lock).toContainText(/until \d{2}:\d{2} at the latest/);
  await expectNoAxeViolations(admin);
  await admin.screenshot({ path: "screenshots/sign-in-locked-tablet.png", fullPage: true });
  await admin.setViewportSize(PHONE);
  await admin.screenshot({ path: "screenshots/sign-in-locked-phone.png", fullPage: true });
  await admin.setViewportSize(TABLET);

  await admin.getByRole("button", { name: "Unlock Sign-in" }).click();
  await expect(admin.getByText("Sign-in unlocked")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Unlock Sign-in" })).toHaveCount(0);
  await adminContext.close();

  await page.getByLabel("Email").fill(stylist.email);
  await page.getByLabel("Password").fill(stylist.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
});
