// The shopping list and chat for the end-to-end tests, set up the way a script would:
// through the API.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Empties the shopping list, so a test can see its empty state and exact counts. */
export async function clearShoppingList(request: APIRequestContext, token: string) {
  const items = (await (
    await request.get("/api/shopping-list?completedLimit=500", { headers: auth(token) })
  ).json()) as { id: number }[];
  for (const item of items)
    expect((await request.delete(`/api/shopping-list/${item.id}`, { headers: auth(token) })).ok()).toBe(true);
}

export async function addItemViaApi(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: number }> {
  const response = await request.post("/api/shopping-list", { data: body, headers: auth(token) });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function sendMessageViaApi(
  request: APIRequestContext,
  token: string,
  content: string,
): Promise<{ id: number }> {
  const response = await request.post("/api/messages", { data: { content }, headers: auth(token) });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: false });
