import { expect, test } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import { signIn } from "./helpers";

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
});

test("signing in returns to the requested page, and signing out ends the session", async ({ page }) => {
  await page.goto("/settings/salon");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings%2Fsalon/);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/settings\/salon$/);
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByText("Welcome back!")).toBeVisible();

  await page
    .getByRole("navigation", { name: "Main" })
    .locator("xpath=..")
    .getByRole("button", { name: "Sign Out" })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/);
});

test("unknown paths show 'Page Not Found' inside the app", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.screenshot({ path: "screenshots/not-found-tablet.png" });
  await page.getByRole("main").getByRole("link", { name: "Back to the calendar" }).click();
  await expect(page).toHaveURL(/\/calendar/);
});

test("search engines are kept out, and pages describe the app", async ({ page, request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/User-agent: \*\nDisallow: \/\n/);
  await page.goto("/auth");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Salon Management System/);
});

test("a display account sees the salon screens but no pricing, reports, availability or settings", async ({ page }) => {
  await signIn(page, DISPLAY);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Calendar", "Clients", "Services", "Shopping List", "Messages"]);
  await expect(page.getByRole("complementary").getByText("Display Account")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});
