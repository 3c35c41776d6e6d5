// Calendar subscription without JavaScript: plain forms. The new link comes back in the
// page answering the POST, in a read-only box (no Copy button without JavaScript); the
// admin chooses the stylist with a GET form.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { apiToken, createStylistAccount, unique } from "./services-helpers";

const FEED_URL = /^http:\/\/[^/]+\/feeds\/[A-Za-z0-9_-]{43}\.ics$/;

test("a stylist creates, resets and turns off their calendar link with plain forms", async ({ page }) => {
  const stylist = await createStylistAccount(await apiToken(), "Nora", `NoScriptFeed${unique()}`);
  await signIn(page, stylist, "/settings");
  const card = page.locator("section", { hasText: "Calendar subscription" });
  await card.getByRole("button", { name: "Create link" }).click();
  const link = card.getByLabel("Subscription link");
  await expect(link).toHaveValue(FEED_URL);
  await expect(link).toHaveAttribute("readonly", "");
  await expect(card.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  const first = await link.inputValue();
  expect((await page.request.get(first)).status()).toBe(200);

  await card.getByRole("button", { name: "Reset link" }).click();
  await expect(link).toHaveValue(FEED_URL);
  const second = await link.inputValue();
  expect(second).not.toBe(first);
  expect((await page.request.get(first)).status()).toBe(404);

  await card.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("The calendar subscription link is turned off.")).toBeVisible();
  await expect(card.getByText("You have no subscription link.")).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);
});

test("an admin chooses a stylist with a GET form and creates their link", async ({ page }) => {
  const stylist = await createStylistAccount(await apiToken(), "Pia", `NoScriptFeed${unique()}`);
  await signIn(page, ADMIN, "/settings");
  const card = page.locator("section", { hasText: "Calendar subscription" });
  await card.getByLabel("Stylist").selectOption(String(stylist.stylistId));
  await card.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?feedStylist=${stylist.stylistId}$`));
  await card.getByRole("button", { name: "Create link" }).click();
  await expect(card.getByLabel("Subscription link")).toHaveValue(FEED_URL);
  await expect(card.getByText(`${stylist.name}'s link is on`)).toBeVisible();
  await expect(card.getByLabel("Stylist")).toHaveValue(String(stylist.stylistId));
});
