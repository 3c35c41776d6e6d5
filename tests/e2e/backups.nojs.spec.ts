// Settings → Backups without JavaScript: Back up now is a plain form post, Download a link.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { signIn } from "./helpers";

test("an administrator backs up now and downloads without JavaScript", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/backups");
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page).toHaveURL(/\/settings\/backups$/);
  await expect(page.getByText("Backup taken")).toBeVisible();
  const row = page.getByRole("table", { name: "Recent backups" }).getByRole("row").nth(1);
  await expect(row).toContainText("OK");
  const href = await row.getByRole("link", { name: /^Download the backup of/ }).getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 15).toString()).toBe("SQLite format 3");
});

test("a stylist is refused Back up now without JavaScript", async ({ page }) => {
  await signIn(page, STYLIST, "/settings");
  await expect(page.getByRole("link", { name: "Backups" })).toHaveCount(0);
  expect((await page.goto("/settings/backups"))?.status()).toBe(403);
});
