// 'View All Appointments' is paged (decision 0065): the same walk with JavaScript on (a
// dialog over the calendar) and off (a page of its own).
import { createClient } from "@libsql/client";
import { expect, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiToken, stylistIds } from "./calendar-fixtures";
import { signIn, TABLET } from "./helpers";
import { currentSlot } from "./servers";

const COUNT = 60;

/** `COUNT` upcoming appointments, each with a client of its own named `<tag> NN`, a minute apart. */
async function insertUpcoming(tag: string) {
  const stylistId = (await stylistIds(await apiToken()))["Sofia Stylist"]!;
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    // An hour ahead, so that they are still upcoming when the page shows them.
    const first = Date.now() + 3_600_000;
    for (let index = 0; index < COUNT; index += 1) {
      const name = `${tag} ${String(index).padStart(2, "0")}`;
      const client = await db.execute({
        sql: "insert into clients (name, phone) values (?, '07400 900999') returning id",
        args: [name],
      });
      const start = new Date(first + index * 60_000);
      await db.execute({
        sql: "insert into appointments (client_id, stylist_id, start_time, end_time, status, price) values (?, ?, ?, ?, 'scheduled', 0)",
        args: [
          Number(client.rows[0]!.id),
          stylistId,
          start.toISOString(),
          new Date(start.getTime() + 15 * 60_000).toISOString(),
        ],
      });
    }
  } finally {
    db.close();
  }
}

/** More upcoming appointments than a page holds, and 'View All Appointments' open on its first page. */
export async function openUpcoming(page: Page) {
  const tag = `Pager${Date.now().toString(36)}`;
  await insertUpcoming(tag);
  await signIn(page, ADMIN, "/calendar/upcoming?view=day&date=2026-11-23");
  const dialog = page.getByRole("dialog", { name: "Upcoming Appointments" });
  return { tag, dialog, pages: dialog.getByRole("navigation", { name: "Upcoming appointments pages" }) };
}

/** Pages through 'View All Appointments' with its links; every appointment shows exactly once. */
export async function walkUpcoming(page: Page, label: string) {
  await page.setViewportSize(TABLET);
  const { tag, dialog, pages } = await openUpcoming(page);
  await expect(pages.getByRole("link", { name: "First page" })).toHaveCount(0);
  const seen: string[] = [];
  for (let step = 0; ; step += 1) {
    await expect(dialog.getByRole("listitem").first()).toBeVisible();
    expect(await dialog.getByRole("listitem").count()).toBeLessThanOrEqual(50);
    seen.push(...(await dialog.getByText(new RegExp(`^${tag} \\d\\d$`)).allTextContents()));
    const next = pages.getByRole("link", { name: "Next page" });
    if ((await next.count()) === 0) break;
    const before = page.url();
    await next.click();
    await expect(page).not.toHaveURL(before);
    await expect(pages.getByRole("link", { name: "First page" })).toBeVisible();
    if (step === 0) await page.screenshot({ path: `screenshots/${label}-upcoming-page-2.png` });
    expect(step).toBeLessThan(20);
  }
  expect(seen.sort()).toEqual(Array.from({ length: COUNT }, (_, index) => `${tag} ${String(index).padStart(2, "0")}`));
  await pages.getByRole("link", { name: "First page" }).click();
  await expect(pages.getByRole("link", { name: "First page" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/calendar\/upcoming\?view=day&date=2026-11-23$/);
}
