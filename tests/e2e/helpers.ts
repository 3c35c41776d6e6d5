import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
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

/**
 * A route dialog is rendered open on the server and reopened as a modal once React has
 * hydrated; waiting for that makes a test act on the page a user with JavaScript sees.
 */
export async function waitForModal(page: Page) {
  await page.waitForFunction(() => document.querySelector("dialog")?.getAttribute("aria-modal") === "true");
}
