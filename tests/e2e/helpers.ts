import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { loginPage } from "./sessions";

/**
 * Signs `page` in as the account and opens `path`. The fast path: a session inserted in
 * the worker's database and its cookie (the sign-in form itself is tested in auth.spec.ts).
 */
export async function signIn(page: Page, account: { email: string; password?: string }, path = "/") {
  await loginPage(page, account);
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/auth/);
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

export const TABLET = { width: 1024, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** The toast on screen leaves each control in sight and within reach (a toast over a dialog must not hide its buttons). */
export async function expectToastClearOf(page: Page, ...controls: Locator[]) {
  const toast = page.locator(".toaster").locator("[role=status], [role=alert]");
  await expect(toast).toBeVisible();
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    const [a, b] = [(await control.boundingBox())!, (await toast.boundingBox())!];
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps, `${control} lies under the toast`).toBe(false);
  }
}

/**
 * A route dialog is rendered open on the server and reopened as a modal once React has
 * hydrated; waiting for that makes a test act on the page a user with JavaScript sees.
 */
export async function waitForModal(page: Page) {
  await page.waitForFunction(() => document.querySelector("dialog")?.getAttribute("aria-modal") === "true");
}

/**
 * The toast saying `text` stays past its 5 s while the pointer rests on it (the stylesheet's
 * timer waits as the script's does), and leaves once the pointer does.
 */
export async function expectToastHeldByPointer(page: Page, text: string) {
  const toast = page.getByRole("status").filter({ hasText: text });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await page.waitForTimeout(6500);
  await expect(toast).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(toast).toBeHidden({ timeout: 8000 });
}
