// Without JavaScript: the locked sign-in explains itself and the admin's unlock is a plain form.
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { apiToken, createStylistAccount } from "./services-helpers";

test("a locked-out stylist is told to wait; the admin unlocks them without JavaScript", async ({ page, browser }) => {
  test.setTimeout(120_000); // every failed guess costs a real password hash
  const stylist = await createStylistAccount(await apiToken(), "Nico", "Nolock");
  // Five failures at the tablet, as a mistyping colleague would make them.
  await page.goto("/auth");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Email").fill(stylist.email);
    await page.getByLabel("Password").fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  }
  await page.getByLabel("Email").fill(stylist.email);
  await page.getByLabel("Password").fill(stylist.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Too many failed sign-in attempts. Please wait");

  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN, `/settings/staff/${stylist.userId}`);
  await admin.getByRole("button", { name: "Unlock Sign-in" }).click();
  await expect(admin.getByText("Sign-in unlocked")).toBeVisible();
  await adminContext.close();

  await page.getByLabel("Email").fill(stylist.email);
  await page.getByLabel("Password").fill(stylist.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
});
