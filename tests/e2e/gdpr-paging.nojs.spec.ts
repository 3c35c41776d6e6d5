// The GDPR lists are paged (decision 0065): the Erasure Requests tab walks its pages by
// plain links, and processing an erasure from the second page returns to that page.
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn, TABLET } from "./helpers";
import { currentSlot } from "./servers";

test("the Erasure Requests tab pages with Next page and First page links without JavaScript", async ({ page }) => {
  const tag = `Erasure${Date.now().toString(36)}`;
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    // Requested long ago, so they come first in the oldest-first list; 55 is more than a page.
    for (let index = 0; index < 55; index += 1) {
      await db.execute({
        sql: "insert into clients (name, phone, erasure_requested_at) values (?, '07400 900888', ?)",
        args: [`${tag} ${String(index).padStart(2, "0")}`, `2001-01-01T00:00:${String(index).padStart(2, "0")}.000Z`],
      });
    }
  } finally {
    db.close();
  }
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, "/gdpr?tab=erasure");
  const list = page.getByRole("list", { name: "Erasure requests" });
  const pages = page.getByRole("navigation", { name: "Erasure Requests pages" });
  await expect(list.getByRole("listitem")).toHaveCount(50);
  await expect(list.getByText(`${tag} 00`, { exact: true })).toBeVisible();
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(pages.getByRole("link", { name: "First page" })).toBeVisible();
  await expect(list.getByText(`${tag} 50`, { exact: true })).toBeVisible();
  await expect(list.getByText(`${tag} 49`, { exact: true })).toHaveCount(0);
  await page.screenshot({ path: "screenshots/nojs-gdpr-erasure-page-2.png", fullPage: true });

  // Erasing from the second page lands back on it.
  const second = page.url();
  await list.getByRole("link", { name: `Process Erasure: ${tag} 50` }).click();
  await page.getByRole("button", { name: "Confirm Erasure" }).click();
  await expect(page).toHaveURL(second);
  await expect(page.getByText(`${tag} 50`, { exact: true })).toHaveCount(0);
  await expect(list.getByText(`${tag} 51`, { exact: true })).toBeVisible();
  await pages.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/gdpr\?tab=erasure$/);
});
