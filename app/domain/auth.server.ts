// Sign-in, sign-out and server-side sessions. The same token serves the browser cookie
// and the `Authorization: Bearer` header of scripts; only its SHA-256 hash is stored.
import { and, eq, gt, ne, or, isNull } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { sessions, users, type User } from "#db/schema";
import { newToken, sha256 } from "~/lib/secret-token.server";
import { decoyPasswordHash, hashPassword, verifyPassword } from "~/domain/password.server";
import type { Actor } from "./access.server";
import { Conflict, Unauthorized } from "./errors";
import {
  attemptAbandoned,
  attemptFailed,
  attemptSucceeded,
  beginAttempt,
  type TrustedDevice,
} from "./sign-in-throttle.server";

export { FAILED_SIGN_IN_WINDOW_MS, MAX_FAILED_SIGN_INS } from "./sign-in-throttle.server";
/** Absolute lifetime of a session. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser session unused this long ends (ASVS 3.3.2); `lastSeenAt` is refreshed at most every few minutes. */
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const LAST_SEEN_GRANULARITY_MS = 5 * 60 * 1000;
export const INVALID_CREDENTIALS = "Invalid email or password";

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

export async function createSession(userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: await sha256(token),
    userId,
    expiresAt: expiresAt.toISOString(),
    lastSeenAt: new Date(now).toISOString(),
  });
  return { token, expiresAt };
}

/** Ends every session of a user except the one holding `keepToken` (after a password change). */
export async function endOtherSessions(userId: number, keepToken: string | null): Promise<void> {
  const keep = keepToken ? await sha256(keepToken) : "";
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)));
}

export async function endSession(token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, await sha256(token)));
}

/**
 * The active user a token belongs to, or null for an unknown, expired or deactivated one.
 * With `idle`, a session unused for SESSION_IDLE_MS has ended too (browser cookies; scripts'
 * bearer tokens only have the absolute lifetime).
 */
export async function userForToken(token: string, options: { idle?: boolean } = {}): Promise<Actor | null> {
  const now = Date.now();
  const tokenHash = await sha256(token);
  const [row] = await db
    .select({ ...actorColumns, lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date(now).toISOString())))
    .limit(1);
  if (!row || !row.isActive) return null;
  const lastSeen = Date.parse(row.lastSeenAt ?? row.createdAt);
  if (options.idle && now - lastSeen > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - lastSeen > LAST_SEEN_GRANULARITY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          or(isNull(sessions.lastSeenAt), ne(sessions.lastSeenAt, new Date(now).toISOString())),
        ),
      );
  }
  const { lastSeenAt: _seen, createdAt: _created, ...actor } = row;
  return actor;
}

/**
 * Checks an e-mail and password, within the guessing limits of sign-in-throttle.server:
 * the attempt is reserved before the password is hashed, and counts as a failure only if
 * the password is wrong. `device` is the browser's device cookie, if any: for an account
 * it signed in to before, its attempts are counted apart from its address.
 */
export async function authenticateWithPassword(input: {
  email: string;
  password: string;
  address: string;
  device?: TrustedDevice | null;
}): Promise<Actor> {
  const email = normaliseEmail(input.email);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const device = user && input.device?.userIds.includes(user.id) ? input.device.id : null;
  const client = { address: input.address, device };
  const attempt = await beginAttempt(email, client);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash())).catch(
    async (error: unknown) => {
      await attemptAbandoned(attempt);
      throw error;
    },
  );
  if (!user || !valid || !user.isActive) {
    await attemptFailed(attempt);
    throw new Unauthorized(INVALID_CREDENTIALS);
  }
  await attemptSucceeded(attempt, client);
  return toActor(user);
}

export function toActor(user: User): Actor {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isActive: user.isActive,
  };
}

export async function adminExists(): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

export const ADMIN_ALREADY_EXISTS = "An administrator account already exists. Please sign in.";

/** Creates the first administrator of a fresh install; refused once any admin exists. */
export async function setupAdmin(input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}): Promise<Actor> {
  // Refused before hashing: after setup this endpoint must cost an anonymous caller nothing.
  if (await adminExists()) throw new Conflict(ADMIN_ALREADY_EXISTS);
  const passwordHash = await hashPassword(input.password);
  return writeTransaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (existing) throw new Conflict(ADMIN_ALREADY_EXISTS);
    const email = normaliseEmail(input.email);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken)
      throw new Conflict("An account with this email already exists.", {
        email: ["An account with this email already exists."],
      });
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        role: "admin",
      })
      .returning();
    return toActor(user!);
  });
}
