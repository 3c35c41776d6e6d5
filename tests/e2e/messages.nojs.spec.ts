// Team Messages without JavaScript: the compose box is a plain form post.
import { expect, test, type Page } from "@playwright/test";
import { STYLIST } from "./accounts";
import { signIn } from "./helpers";

const messageItem = (page: Page, text: string) =>
  page.getByRole("region", { name: "Group Chat" }).getByRole("listitem").filter({ hasText: text });

test("send, see and delete a message without JavaScript", async ({ page }) => {
  await signIn(page, STYLIST, "/messages");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message cannot be empty")).toBeVisible();
  const text = `Nojs hello ${Date.now()}`;
  await page.getByPlaceholder("Type your message to the team...").fill(`${text}\nsecond line`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText("Message sent")).toBeVisible();
  const sent = messageItem(page, text);
  expect(await sent.locator("p").innerText()).toBe(`${text}\nsecond line`);
  await expect(page.getByPlaceholder("Type your message to the team...")).toHaveValue("");
  await sent.getByRole("button", { name: /Delete message from Sofia Stylist/ }).click();
  await expect(page.getByText("Message deleted")).toBeVisible();
  await expect(messageItem(page, text)).toHaveCount(0);
});
