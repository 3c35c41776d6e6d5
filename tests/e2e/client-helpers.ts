// Clients for the end-to-end tests, made the way a script would: through the API.
import type { APIRequestContext, Page } from "@playwright/test";
import { createClient } from "@libsql/client";
import { expect } from "@playwright/test";
import { currentSlot } from "./servers";
import { sessionToken } from "./sessions";

export async function apiToken(
  _request: APIRequestContext,
  account: { email: string; password?: string },
): Promise<string> {
  return sessionToken(account);
}

export type ApiClient = { id: number; name: string; phone: string; email: string | null };

export async function createClientViaApi(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<ApiClient> {
  const response = await request.post("/api/clients", { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/**
 * The one state no API call can make: a retention period that has already ended (the
 * server always sets it 7 years ahead). Written straight into the e2e server's database.
 */
export async function expireRetention(clientId: number, isoDate: string) {
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    await db.execute({ sql: "UPDATE clients SET data_retention_date = ? WHERE id = ?", args: [isoDate, clientId] });
  } finally {
    db.close();
  }
}

/** Fills the Add New Client dialog (or page, without JavaScript) with a name and phone, consents, and adds. */
export async function addClientInDialog(page: Page, name: string, phone: string) {
  const dialog = page.getByRole("dialog", { name: "Add New Client" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByRole("textbox", { name: "Phone" }).fill(phone);
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
}
