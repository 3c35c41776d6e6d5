// Without JavaScript: the locked sign-in explains itself and the admin's unlock is a plain form.
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { apiToken, createStylistAccount } from "./services-helpers";

test("a locked-out stylist is told to wait; the admin unlocks them without JavaScript", async ({ page, browser }) => {
  const stylist = await createStylistAccount(await apiToken(), "Nico", "Nolock");
  // Five failures from this machine's address, as a mistyping colleague would make them.
  for (let attempt = 1; attempt <= 5; attempt++) {
    const response = await fetch(`${baseURL}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: stylist.email, password: `wrong-${attempt}` }) });
    expect(response.status).toBe(401);
  }
  await page.goto("/auth");
  await page.getByLabel("Email").fill(stylist.email);
  await page.getByLabel("Password").fill(stylist.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Too many failed sign-in attempts. Please wait");

  const adminContext = await browser.newContext({ javaScriptEnabled: false });
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
