// Test data and requests: real rows in the test database, real Request objects.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { db } from "#db/client.server";
import { users, type Role } from "#db/schema";
import { createSession } from "~/domain/auth.server";
import { syncStylistRecord } from "~/domain/stylists.server";
import { hashPassword } from "~/domain/password.server";

export const PASSWORD = "password123";
let passwordHash: Promise<string> | undefined;
let counter = 0;

export async function createTestUser(role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `${role}${counter}@salon.test`,
      firstName: `${role[0]!.toUpperCase()}${role.slice(1)}`,
      lastName: `Number${counter}`,
      role,
      passwordHash: await passwordHash,
      ...overrides,
    })
    .returning();
  await syncStylistRecord(db, user!);
  return user!;
}

/** A user with a session: `token` for bearer requests, `cookie` for browser-like ones. */
export async function signedIn(role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createTestUser(role, overrides);
  const { token } = await createSession(user.id);
  const { sessionCookieHeader } = await import("~/utils/session.server");
  const cookie = (await sessionCookieHeader(token)).split(";")[0]!;
  return { user, token, cookie };
}

export const ORIGIN = "http://localhost:3000";

type RequestOptions = {
  token?: string;
  cookie?: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
};

export function makeRequest(method: string, path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  headers.set("Host", "localhost:3000");
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (method !== "GET" && method !== "HEAD" && !headers.has("Origin") && options.cookie) headers.set("Origin", ORIGIN);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  } else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

export const context = { clientAddress: "127.0.0.1", cspNonce: "test-nonce" };

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

/** Calls a route's loader or action; a thrown Response is returned, not thrown. */
export async function call(
  handler: unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response | unknown> {
  try {
    return await (handler as Handler)({ request, params, context });
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return error;
    throw error;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of every shape, read by the assertions
export async function json(response: unknown): Promise<{ status: number; body: any }> {
  if (!(response instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(response)}`);
  return { status: response.status, body: await response.json() };
}

/** The payload of a `data()` result or a plain loader value. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- action data of every shape, read by the assertions
export function payloadOf(result: unknown): any {
  return isDataWithInit(result) ? result.data : result;
}

/** The HTTP status a loader or action result stands for (Response, `data()` or plain value). */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (isDataWithInit(result)) return result.init?.status ?? 200;
  return 200;
}

function isDataWithInit(
  value: unknown,
): value is { type: "DataWithResponseInit"; data: unknown; init?: { status?: number } | null } {
  return Boolean(
    value &&
    typeof value === "object" &&
    "type" in value &&
    (value as { type: unknown }).type === "DataWithResponseInit",
  );
}
