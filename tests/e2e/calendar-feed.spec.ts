// Settings → Account, Calendar subscription, with JavaScript: a stylist creates their
// link (shown once, with Copy), resets it (the old link stops at once) and turns it off;
// an admin makes one for any stylist. The links are fetched as a phone's calendar would.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { apiToken, createStylistAccount, screenshotBothSizes, unique } from "./services-helpers";

const FEED_URL = /^http:\/\/[^/]+\/feeds\/[A-Za-z0-9_-]{43}\.ics$/;

test("a stylist creates, copies, resets and turns off their calendar link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const stylist = await createStylistAccount(await apiToken(), "Ines", `Feed${unique()}`);
  await signIn(page, stylist, "/settings");
  const card = page.locator("section", { hasText: "Calendar subscription" });
  await expect(card.getByText("You have no subscription link.")).toBeVisible();
  await card.getByRole("button", { name: "Create link" }).click();

  const link = card.getByLabel("Subscription link");
  await expect(link).toHaveValue(FEED_URL);
  const first = await link.inputValue();
  await expect(card.getByText(/Your link is on \(created /)).toBeVisible();
  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(card.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain(`X-WR-CALNAME:`);

  await screenshotBothSizes(page, "settings-calendar-feed", async () => {
    await expect(link).toBeVisible();
  });

  await card.getByRole("button", { name: "Reset link" }).click();
  await expect(link).not.toHaveValue(first);
  await expect(link).toHaveValue(FEED_URL);
  const second = await link.inputValue();
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  await card.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("The calendar subscription link is turned off.")).toBeVisible();
  await expect(card.getByText("You have no subscription link.")).toBeVisible();
  await expect(link).toHaveCount(0);
  expect((await page.request.get(second)).status()).toBe(404);
});

test("an admin chooses a stylist and creates their link", async ({ page }) => {
  const stylist = await createStylistAccount(await apiToken(), "Oskar", `Feed${unique()}`);
  await signIn(page, ADMIN, "/settings");
  const card = page.locator("section", { hasText: "Calendar subscription" });
  await card.getByLabel("Stylist").selectOption(String(stylist.stylistId));
  await card.getByRole("button", { name: "Show" }).click();
  await expect(card.getByText(`${stylist.name} has no subscription link.`)).toBeVisible();
  await screenshotBothSizes(page, "settings-calendar-feed-admin", async () => {
    await expect(card.getByRole("button", { name: "Create link" })).toBeVisible();
  });
  await card.getByRole("button", { name: "Create link" }).click();
  await expect(card.getByLabel("Subscription link")).toHaveValue(FEED_URL);
  await expect(card.getByText(`${stylist.name}'s link is on`)).toBeVisible();
  expect((await page.request.get(await card.getByLabel("Subscription link").inputValue())).status()).toBe(200);
});
