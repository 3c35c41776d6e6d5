// Settings → Backups with JavaScript: an administrator backs up now and downloads the file;
// a stylist and a display account have no Backups tab and are refused the screen.
import { expect, test } from "@playwright/test";
import { ADMIN, DISPLAY, STYLIST } from "./accounts";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";

test("an administrator backs up now and downloads the backup", async ({ page }) => {
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, "/settings/backups");
  await expect(page.getByRole("heading", { name: "Backups" })).toBeVisible();
  await expect(page.getByText("password and session hashes")).toBeVisible();
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText("Backup taken")).toBeVisible();
  const rows = page.getByRole("table", { name: "Recent backups" }).getByRole("row");
  await expect(rows.nth(1)).toContainText("Back up now");
  await expect(rows.nth(1)).toContainText("OK");
  await expect(rows.nth(1)).toContainText("KB");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "screenshots/settings-backups-1024x768.png" });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    rows
      .nth(1)
      .getByRole("link", { name: /^Download the backup of/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^salon-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.db$/);

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("button", { name: "Back up now" })).toBeVisible();
  await page.screenshot({ path: "screenshots/settings-backups-390x844.png", fullPage: true });
});

for (const account of [STYLIST, DISPLAY]) {
  test(`${account.email} has no Backups tab and is refused the screen and the download`, async ({ page }) => {
    await signIn(page, account, account === STYLIST ? "/settings" : "/calendar");
    await expect(page.getByRole("link", { name: "Backups" })).toHaveCount(0);
    expect((await page.goto("/settings/backups"))?.status()).toBe(403);
    expect((await page.request.get("/settings/backups/1/download")).status()).toBe(403);
    expect((await page.request.post("/settings/backups", { form: {} })).status()).toBe(403);
  });
}
