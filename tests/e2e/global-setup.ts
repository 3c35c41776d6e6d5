import { ADMIN, DISPLAY, SECOND_STYLIST, STYLIST } from "./accounts";
import { E2E_WORKERS, slot } from "./servers";

async function post(baseURL: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ token: string }>;
}

/** The shared accounts, on every worker slot's fresh database. */
export default async function globalSetup() {
  for (let index = 0; index < E2E_WORKERS; index += 1) {
    const { url } = slot(index);
    const { token } = await post(url, "/api/setup-admin", ADMIN);
    for (const account of [STYLIST, DISPLAY, SECOND_STYLIST]) await post(url, "/api/register", account, token);
  }
}
