// Team Messages with JavaScript: Enter sends and Shift+Enter breaks the line, content is
// text (never HTML), a message reaches a second tablet live, the unread count, deleting.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DISPLAY, STYLIST } from "./accounts";
import { sendMessageViaApi, shot } from "./board-helpers";
import { apiToken } from "./client-helpers";
import { expectNoAxeViolations, PHONE, signIn } from "./helpers";

const chat = (page: Page) => page.getByRole("region", { name: "Group Chat" });
const messageItem = (page: Page, text: string | RegExp) => chat(page).getByRole("listitem").filter({ hasText: text });

test("a message typed on one tablet reaches another live, with its line breaks and without HTML", async ({
  browser,
}) => {
  const sender = await browser.newContext();
  const receiver = await browser.newContext();
  const stylistPage = await sender.newPage();
  const adminPage = await receiver.newPage();
  await signIn(stylistPage, STYLIST, "/messages");
  // The receiving tablet's event stream is open before the message is sent.
  const streamOpen = adminPage.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/events" && response.ok(),
  );
  await signIn(adminPage, ADMIN, "/messages");
  await expect(adminPage.getByRole("heading", { name: "Team Messages", level: 1 })).toBeVisible();
  await streamOpen;

  const unique = `Running late ${Date.now()}`;
  const box = stylistPage.getByPlaceholder("Type your message to the team...");
  await box.fill(unique);
  await box.press("Shift+Enter");
  await box.pressSequentially("<b>back by 11</b> & <script>alert(1)</script>");
  await expect(box).toHaveValue(`${unique}\n<b>back by 11</b> & <script>alert(1)</script>`);
  const sentAt = Date.now();
  await box.press("Enter");
  await expect(stylistPage.getByText("Message sent")).toBeVisible();
  await expect(box).toHaveValue("");

  const received = messageItem(adminPage, unique);
  await expect(received).toBeVisible();
  test.info().annotations.push({ type: "live latency (ms)", description: String(Date.now() - sentAt) });
  console.log(`message reached the second tablet ${Date.now() - sentAt} ms after Enter`);
  const content = received.locator("p");
  expect(await content.innerText()).toBe(`${unique}\n<b>back by 11</b> & <script>alert(1)</script>`);
  await expect(content.locator("b, script")).toHaveCount(0);
  await expect(received.getByText("Sofia Stylist")).toBeVisible();
  await expect(received.getByText("Stylist", { exact: true })).toHaveClass(/bg-blue-50/);
  await expect(received.getByRole("button", { name: /Delete message/ })).toHaveCount(1); // admins moderate

  // The sender deletes it; the other tablet sees it go.
  await messageItem(stylistPage, unique)
    .getByRole("button", { name: /Delete message from Sofia Stylist/ })
    .click();
  await expect(stylistPage.getByText("Message deleted")).toBeVisible();
  await expect(received).toHaveCount(0);
  await sender.close();
  await receiver.close();
});

test("staff see their own delete button only, blank and over-long messages are refused", async ({ page, request }) => {
  const adminToken = await apiToken(request, ADMIN);
  const fromAdmin = `Staff meeting Friday ${Date.now()}`;
  await sendMessageViaApi(request, adminToken, fromAdmin);
  await signIn(page, DISPLAY, "/messages");
  const adminsMessage = messageItem(page, fromAdmin);
  await expect(adminsMessage.getByText("Admin", { exact: true })).toHaveClass(/bg-red-50/);
  await expect(adminsMessage.getByRole("button", { name: /Delete message/ })).toHaveCount(0);
  const today = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "Europe/London",
  }).format(new Date());
  await expect(chat(page).getByRole("heading", { name: today })).toBeVisible();
  await expect(adminsMessage.locator("time")).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);

  const box = page.getByPlaceholder("Type your message to the team...");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message cannot be empty")).toBeVisible();
  await box.fill("x".repeat(2001));
  await expect(page.getByText("Message must be at most 2,000 characters")).toBeVisible();
  await box.fill("Front desk: the 3pm is here");
  await box.press("Enter");
  await expect(messageItem(page, "Front desk: the 3pm is here").getByText("Display", { exact: true })).toBeVisible();
  await expect(
    messageItem(page, "Front desk: the 3pm is here").getByRole("button", { name: /Delete message from Front Screen/ }),
  ).toBeVisible();
  await page.screenshot(shot("messages-tablet"));
  await expectNoAxeViolations(page);
});

test("the Messages menu entry counts messages that arrived while the user was elsewhere", async ({ page, request }) => {
  const adminToken = await apiToken(request, ADMIN);
  await signIn(page, STYLIST, "/messages");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shopping List" }).click();
  const entry = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages/ });
  await expect(entry).toHaveText("Messages");
  await sendMessageViaApi(request, adminToken, "Who can cover the 4pm?");
  await sendMessageViaApi(request, adminToken, "Anyone?");
  await expect(entry).toHaveText("Messages2 unread");
  await entry.click();
  await expect(messageItem(page, "Anyone?")).toBeVisible();
  await expect(entry).toHaveText("Messages");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
  await expect(entry).toHaveText("Messages");
});

test("older messages load a page at a time, and the chat fits a phone", async ({ page, request }) => {
  test.slow(); // 55 messages sent through the API first
  const token = await apiToken(request, ADMIN);
  const stamp = Date.now();
  for (let n = 1; n <= 55; n++) await sendMessageViaApi(request, token, `Bulk ${stamp} #${n}`);
  await page.setViewportSize(PHONE);
  await signIn(page, STYLIST, "/messages");
  await expect(messageItem(page, `Bulk ${stamp} #55`)).toBeInViewport();
  const fifth = messageItem(page, new RegExp(`Bulk ${stamp} #5$`));
  await expect(fifth).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot(shot("messages-phone"));
  await page.getByRole("link", { name: "Show older messages" }).click();
  await expect(fifth).toHaveCount(1);
  await page.getByRole("link", { name: "Back to the latest messages" }).click();
  await expect(messageItem(page, `Bulk ${stamp} #55`)).toBeVisible();
  await expectNoAxeViolations(page);
});
