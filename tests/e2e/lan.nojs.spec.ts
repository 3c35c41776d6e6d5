// Signing in from a tablet on the salon's Wi-Fi (see lan.spec.ts) with plain HTML forms.
import { expect, test } from "@playwright/test";
import { LAN_HOST } from "../../playwright.config";
import { STYLIST } from "./accounts";
import { currentSlot } from "./servers";

test("a tablet signs in over plain HTTP by the server's LAN name without JavaScript", async ({ browser }) => {
  const url = `http://${LAN_HOST}:${currentSlot().port}`;
  const context = await browser.newContext({ baseURL: url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/calendar");
  await page.getByLabel("Email").fill(STYLIST.email);
  await page.getByLabel("Password").fill(STYLIST.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${url}/calendar`);
  await expect(page.getByText("Login successful")).toBeVisible();
  await context.close();
});
