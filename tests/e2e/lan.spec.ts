// A tablet on the salon's Wi-Fi: the app by a name that is not localhost, over plain HTTP.
// Chromium maps LAN_HOST to 127.0.0.2 (playwright.config.ts); unlike localhost or a bare
// 127.x address, that origin is not a secure context, so the browser drops Secure cookies
// and offers no crypto.randomUUID(), as a tablet reaching http://192.168.x.y:3000 would.
import { expect, test, type Browser } from "@playwright/test";
import { LAN_HOST } from "../../playwright.config";
import { ADMIN } from "./accounts";
import { createClientViaApi } from "./client-helpers";
import { expectNoAxeViolations, PHONE, TABLET } from "./helpers";
import { currentSlot } from "./servers";
import { sessionToken } from "./sessions";

const lanURL = () => `http://${LAN_HOST}:${currentSlot().port}`;

async function tablet(browser: Browser) {
  const context = await browser.newContext({ baseURL: lanURL() });
  const page = await context.newPage();
  expect(await page.goto("/auth").then(() => page.evaluate(() => window.isSecureContext))).toBe(false);
  return page;
}

test("a tablet signs in over plain HTTP by the server's LAN name and stays signed in", async ({ browser }) => {
  const page = await tablet(browser);
  await page.goto("/clients");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fclients$/);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${lanURL()}/clients`);
  await expect(page.getByText("Login successful")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await page.context().close();
});

test("a toast raised in the browser shows over plain HTTP (the GDPR export)", async ({ browser, request }) => {
  const token = await sessionToken(ADMIN);
  const client = await createClientViaApi(request, token, { name: "Lan Tablet Export", phone: "07400 920111" });
  const recorded = await request.post(`/api/clients/${client.id}/erasure-request`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(recorded.ok()).toBe(true);

  const page = await tablet(browser);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login successful")).toBeVisible();
  await page.goto("/gdpr");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export First: Lan Tablet Export" }).click();
  await download;
  await expect(page.getByText("Data Export Complete")).toBeVisible();
  await page.context().close();
});

test("when the browser does not keep the session cookie, the sign-in page says so", async ({ page }) => {
  await page.goto("/auth");
  // Like a browser with cookies blocked: the sign-in's Set-Cookie never arrives.
  // (Node's fetch, not route.fetch(), which would store the cookie in the browser's jar.)
  await page.route("**/auth**", async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    const response = await fetch(request.url(), {
      method: "POST",
      headers: await request.allHeaders(),
      body: request.postData() ?? "",
      redirect: "manual",
    });
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== "set-cookie"));
    await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  });
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "You signed in, but this browser did not keep the sign-in. Allow cookies for this site, then sign in again.",
  );
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  for (const [label, size] of [
    ["tablet", TABLET],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `screenshots/sign-in-cookie-not-kept-${label}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }
});
