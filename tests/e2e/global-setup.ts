import { baseURL } from "../../playwright.config";
import { ADMIN, DISPLAY, SECOND_STYLIST, STYLIST } from "./accounts";

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ token: string }>;
}

export default async function globalSetup() {
  const { token } = await post("/api/setup-admin", ADMIN);
  await post("/api/register", STYLIST, token);
  await post("/api/register", DISPLAY, token);
  await post("/api/register", SECOND_STYLIST, token);
}
