// Password guessing limits (sign-in and the current-password check). An attempt is
// counted, atomically, before its password is hashed, so parallel guesses cannot all slip
// past the check; a correct password removes its own attempt again. Three limits apply
// within a 15-minute window (docs/decisions/0030):
//   - one account from one address: 5 failures;
//   - one account from anywhere: 10 failures (rotating addresses does not help);
//   - one address across accounts: failures for 6 different e-mails (password spraying).
// An admin can lift an account's lock from its Staff Accounts page.
import { and, eq, lt, sql } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { auditLog, loginAttempts, users } from "#db/schema";
import { assertCan, type Actor } from "./access.server";
import { NotFound, TooManyRequests } from "./errors";

export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LIMITS = { accountAndAddress: 5, account: 10, addressAccounts: 6 } as const;
/** Kept for callers that name the per-address-and-account limit. */
export const MAX_FAILED_SIGN_INS = SIGN_IN_LIMITS.accountAndAddress;

export function tooManyAttemptsMessage(minutes: number) {
  const wait = minutes <= 1 ? "1 minute" : `${minutes} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again, or ask an administrator to unlock your account.`;
}

type Counts = { pair: number; account: number; addressAccounts: number; pairSince: string | null; accountSince: string | null; addressSince: string | null };

async function countsFor(executor: Pick<typeof db, "all">, email: string, address: string, since: string): Promise<Counts> {
  const [row] = await executor.all<Counts>(sql`
    SELECT
      coalesce(sum(email = ${email} AND address = ${address}), 0) AS pair,
      coalesce(sum(email = ${email}), 0) AS account,
      count(DISTINCT CASE WHEN address = ${address} THEN email END) AS addressAccounts,
      min(CASE WHEN email = ${email} AND address = ${address} THEN attempted_at END) AS pairSince,
      min(CASE WHEN email = ${email} THEN attempted_at END) AS accountSince,
      min(CASE WHEN address = ${address} THEN attempted_at END) AS addressSince
    FROM login_attempts
    WHERE attempted_at > ${since} AND (email = ${email} OR address = ${address})`);
  return row ?? { pair: 0, account: 0, addressAccounts: 0, pairSince: null, accountSince: null, addressSince: null };
}

/** When the earliest of the limits that are reached lets an attempt through again, or null. */
function lockedUntil(counts: Counts, emailSeenFromAddress: boolean): number | null {
  const ends: number[] = [];
  const end = (since: string | null) => (since ? Date.parse(since) + FAILED_SIGN_IN_WINDOW_MS : Date.now() + FAILED_SIGN_IN_WINDOW_MS);
  if (counts.pair >= SIGN_IN_LIMITS.accountAndAddress) ends.push(end(counts.pairSince));
  if (counts.account >= SIGN_IN_LIMITS.account) ends.push(end(counts.accountSince));
  // A new e-mail from an address that already failed for six others.
  if (!emailSeenFromAddress && counts.addressAccounts >= SIGN_IN_LIMITS.addressAccounts) ends.push(end(counts.addressSince));
  return ends.length ? Math.max(...ends) : null;
}

export type Attempt = { id: number; reachesLimit: boolean };

/**
 * Counts one password attempt for `email` from `address`, or refuses it (429) when a limit
 * is reached. Call before checking the password; then `attemptSucceeded` or `attemptFailed`.
 */
export async function beginAttempt(email: string, address: string): Promise<Attempt> {
  const now = Date.now();
  const since = new Date(now - FAILED_SIGN_IN_WINDOW_MS).toISOString();
  return writeTransaction(async (tx) => {
    const counts = await countsFor(tx, email, address, since);
    const until = lockedUntil(counts, counts.pair > 0);
    if (until !== null) {
      const seconds = Math.max(1, Math.ceil((until - now) / 1000));
      throw new TooManyRequests(tooManyAttemptsMessage(Math.ceil(seconds / 60)), seconds);
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ email, address, attemptedAt: new Date(now).toISOString() })
      .returning({ id: loginAttempts.id });
    // Old rows go now and then, not on every attempt.
    if (row!.id % 50 === 0) await tx.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, since));
    const reachesLimit =
      counts.pair + 1 >= SIGN_IN_LIMITS.accountAndAddress || counts.account + 1 >= SIGN_IN_LIMITS.account || (counts.pair === 0 && counts.addressAccounts + 1 >= SIGN_IN_LIMITS.addressAccounts);
    return { id: row!.id, reachesLimit };
  });
}

/** The right password: this attempt and this address's earlier failures for the account no longer count. */
export async function attemptSucceeded(email: string, address: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.address, address)));
}

/** A wrong password: the attempt stays counted; the failure that locks an account is audited (ids only). */
export async function attemptFailed(attempt: Attempt, email: string): Promise<void> {
  if (!attempt.reachesLimit) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  await db.insert(auditLog).values({ actorUserId: null, action: "sign_in.locked", entityType: "user", entityId: user?.id ?? null });
}

/** Whether a user's sign-in is locked (from some address or everywhere), and until when at the latest. */
export async function signInLock(actor: Actor, userId: number): Promise<{ failures: number; until: string } | null> {
  assertCan(actor, "users.manage");
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFound("User not found.");
  const email = user.email;
  const since = new Date(Date.now() - FAILED_SIGN_IN_WINDOW_MS).toISOString();
  const rows = await db.all<{ address: string; n: number; first: string }>(sql`
    SELECT address, count(*) AS n, min(attempted_at) AS first FROM login_attempts
    WHERE email = ${email} AND attempted_at > ${since} GROUP BY address`);
  const failures = rows.reduce((sum, row) => sum + row.n, 0);
  const locked = failures >= SIGN_IN_LIMITS.account || rows.some((row) => row.n >= SIGN_IN_LIMITS.accountAndAddress);
  const last = rows
    .map((row) => row.first)
    .sort()
    .at(-1);
  if (!locked || !last) return null;
  // The latest a lock can last: a window after the newest address's first failure.
  return { failures, until: new Date(Date.parse(last) + FAILED_SIGN_IN_WINDOW_MS).toISOString() };
}

/** An admin lifts a user's sign-in lock: their failed attempts, from every address, are forgotten. */
export async function unlockSignIn(actor: Actor, userId: number): Promise<void> {
  assertCan(actor, "users.manage");
  await writeTransaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new NotFound("User not found.");
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, user.email));
    await tx.insert(auditLog).values({ actorUserId: actor.id, action: "sign_in.unlocked", entityType: "user", entityId: userId });
  });
}
