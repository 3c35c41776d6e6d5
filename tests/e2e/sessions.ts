// Signs a browser in without the sign-in form: a session row goes straight into the
// worker's database and the browser gets the signed cookie, as the Epic Stack's login
// fixture does. The form itself is tested where sign-in is the subject (auth.spec.ts,
// core.nojs.spec.ts, newcomer.spec.ts, the LAN specs); elsewhere no test pays the
// password hash (scrypt) to get signed in.
import { createHash, randomBytes } from "node:crypto";
import { createClient, type Client } from "@libsql/client";
import { createCookie } from "@remix-run/node";
import type { Page } from "@playwright/test";
import { currentSlot, E2E_SESSION_SECRET } from "./servers";

let client: Client | undefined;

/** The worker's e2e database (the server has it open in WAL mode too). */
export async function workerDatabase(): Promise<Client> {
  if (!client) {
    client = createClient({ url: `file:${currentSlot().databaseFile}` });
    await client.execute("PRAGMA busy_timeout = 5000");
  }
  return client;
}

// Same cookie as app/utils/session.server.ts, signed with the e2e servers' secret.
const sessionCookie = createCookie("__session", {
  secrets: [E2E_SESSION_SECRET],
  path: "/",
  httpOnly: true,
  sameSite: "lax",
});

export type SignedInUser = { id: number; email: string; firstName: string; lastName: string; role: string };

/** A new session for the active account with this email: its token works as cookie or bearer. */
export async function insertSession(
  account: { email: string },
  database?: Client,
): Promise<{ token: string; user: SignedInUser }> {
  const db = database ?? (await workerDatabase());
  const found = await db.execute({
    sql: "select id, email, first_name, last_name, role from users where lower(email) = lower(?) and is_active = 1",
    args: [account.email],
  });
  const row = found.rows[0];
  if (!row) throw new Error(`No active e2e account ${account.email}: create it first (global setup or the API).`);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  await db.execute({
    sql: "insert into sessions (token_hash, user_id, expires_at) values (?, ?, ?)",
    args: [createHash("sha256").update(token).digest("hex"), Number(row.id), expiresAt],
  });
  const user = {
    id: Number(row.id),
    email: String(row.email),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    role: String(row.role),
  };
  return { token, user };
}

/** A bearer token for API set-up calls, without POST /api/login's password hash. */
export async function sessionToken(account: { email: string }): Promise<string> {
  return (await insertSession(account)).token;
}

/** Signs `page`'s browser in as the account: a new session and its signed cookie. */
export async function loginPage(
  page: Page,
  account: { email: string },
  baseURL = currentSlot().url,
  database?: Client,
): Promise<SignedInUser> {
  const { token, user } = await insertSession(account, database);
  const value = (await sessionCookie.serialize(token)).match(/^__session=([^;]*)/)![1]!;
  await page.context().addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return user;
}
