// Clients for the end-to-end tests, made the way a script would: through the API.
import type { APIRequestContext } from "@playwright/test";
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
