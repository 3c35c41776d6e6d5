// Sign-in, sign-out and server-side sessions. The same token serves the browser cookie
// and the `Authorization: Bearer` header of scripts; only its SHA-256 hash is stored.
import { and, count, eq, gt, lt } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { loginAttempts, sessions, users, type User } from "#db/schema";
import { decoyPasswordHash, hashPassword, verifyPassword } from "~/domain/password.server";
import type { Actor } from "./access.server";
import { Conflict, TooManyRequests, Unauthorized } from "./errors";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const MAX_FAILED_SIGN_INS = 5;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS = "Invalid email or password";
export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

const actorColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
};

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

async function sha256(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Buffer.from(digest).toString("hex");
}

function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export async function createSession(userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: await sha256(token), userId, expiresAt: expiresAt.toISOString() });
  return { token, expiresAt };
}

export async function endSession(token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, await sha256(token)));
}

/** The active user a token belongs to, or null for an unknown, expired or deactivated one. */
export async function userForToken(token: string): Promise<Actor | null> {
  const [row] = await db
    .select(actorColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, await sha256(token)), gt(sessions.expiresAt, new Date().toISOString())))
    .limit(1);
  if (!row || !row.isActive) return null;
  return row;
}

async function recentFailures(email: string, address: string): Promise<number> {
  const since = new Date(Date.now() - FAILED_SIGN_IN_WINDOW_MS).toISOString();
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.address, address), gt(loginAttempts.attemptedAt, since)));
  return row?.n ?? 0;
}

/**
 * Checks an e-mail and password. Five failures for one e-mail from one address within
 * 15 minutes lock that pair out until the window passes.
 */
export async function authenticateWithPassword(input: { email: string; password: string; address: string }): Promise<Actor> {
  const email = normaliseEmail(input.email);
  if ((await recentFailures(email, input.address)) >= MAX_FAILED_SIGN_INS) {
    throw new TooManyRequests(TOO_MANY_ATTEMPTS, FAILED_SIGN_IN_WINDOW_MS / 1000);
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid || !user.isActive) {
    const now = new Date();
    await db.insert(loginAttempts).values({ email, address: input.address, attemptedAt: now.toISOString() });
    await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS).toISOString()));
    throw new Unauthorized(INVALID_CREDENTIALS);
  }
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.address, input.address)));
  return toActor(user);
}

export function toActor(user: User): Actor {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, isActive: user.isActive };
}

export async function adminExists(): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

export const ADMIN_ALREADY_EXISTS = "An administrator account already exists. Please sign in.";

/** Creates the first administrator of a fresh install; refused once any admin exists. */
export async function setupAdmin(input: { email: string; password: string; firstName: string; lastName: string }): Promise<Actor> {
  const passwordHash = await hashPassword(input.password);
  return writeTransaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (existing) throw new Conflict(ADMIN_ALREADY_EXISTS);
    const email = normaliseEmail(input.email);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) throw new Conflict("An account with this email already exists.", { email: ["An account with this email already exists."] });
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, firstName: input.firstName.trim(), lastName: input.lastName.trim(), role: "admin" })
      .returning();
    return toActor(user!);
  });
}
