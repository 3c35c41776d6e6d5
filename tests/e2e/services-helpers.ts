// API shortcuts for the services, pricing and availability specs: set-up through the
// same /api a script would use, so each test starts from data of its own.
import { expect, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { ADMIN } from "./accounts";
import { expectNoAxeViolations, PHONE, TABLET } from "./helpers";
import { sessionToken } from "./sessions";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of every shape, read by the assertions
export async function apiCall<T = any>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function apiToken(account: { email: string; password?: string } = ADMIN): Promise<string> {
  return sessionToken(account);
}

/** A unique tag for names and e-mails: the e2e database lives for one whole run. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let phoneCount = 0;
/**
 * A mobile number for a spec's own client: 07422 and six digits, a prefix no spec's fixed
 * number uses (a random number under 07400 once matched one, and the duplicate-phone check
 * refused the new client). The worker's index (each worker process of a run has its own,
 * a restarted one too) and its own count keep the numbers of one run apart.
 */
export function uniquePhone() {
  phoneCount += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 100;
  return `07422 ${String(worker).padStart(2, "0")}${String(phoneCount).padStart(4, "0")}`;
}

/** A new stylist account (and its stylist record) that a test can sign in as. */
export async function createStylistAccount(adminToken: string, firstName: string, lastName: string) {
  const account = {
    email: `${firstName.toLowerCase()}.${unique()}@e2e.test`,
    password: "stylist-pass-9",
    firstName,
    lastName,
    role: "stylist",
  };
  const created = await apiCall<{ id: number }>(adminToken, "POST", "/api/register", account);
  expect(created.status).toBe(201);
  const stylists = await apiCall<{ id: number; email: string }[]>(adminToken, "GET", "/api/stylists");
  const stylist = stylists.body.find((s) => s.email === account.email)!;
  return { ...account, userId: created.body.id, stylistId: stylist.id, name: `${firstName} ${lastName}` };
}

export async function createServiceViaApi(
  adminToken: string,
  service: {
    name: string;
    category: string;
    duration: number;
    price: number;
    isActive?: boolean;
    requiresPatchTest?: boolean;
  },
) {
  const created = await apiCall<{ id: number }>(adminToken, "POST", "/api/services", service);
  expect(created.status).toBe(201);
  return created.body;
}

/** Both sizes of SPEC's tablets and phones: a screenshot to open, and axe with no violations. */
export async function screenshotBothSizes(page: Page, name: string, check: (page: Page) => Promise<void>) {
  for (const [label, size] of [
    ["tablet", TABLET],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await check(page);
    await page.screenshot({ path: `screenshots/${label}-${name}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(TABLET);
}
