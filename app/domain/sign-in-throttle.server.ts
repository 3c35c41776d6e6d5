// Password guessing limits (sign-in and the current-password check), built so that they
// refuse guesses and never the owner of an account (docs/decisions/0096). Each attempt is
// reserved ("pending"), atomically, before its password is hashed, so parallel guesses
// cannot all slip past; a reservation becomes a failure only when the password is wrong,
// and a right password removes it. Within a 15-minute window:
//   - one account from one client: 5 failures, then that client is refused for that
//     account (429). The client is the address, or a browser's device cookie for that
//     account, which is counted apart from its address;
//   - one address across accounts (spraying): after failures for 6 e-mails not known
//     there, a further e-mail not known there is refused. "Known" means a right password
//     for that account from that address within 30 days, or a device cookie for it;
//   - one account from anywhere: after 10 failures, a client that has already failed for
//     the account (and is not known) gets no further guess. A client with no failures for
//     it, or a known one, still gets the right password through.
// Attempts that would pass a limit only because others are still being checked wait for
// those (never refused as failures). An admin can clear an account's failures.
import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { auditLog, loginAttempts, users } from "#db/schema";
import { HASHING_BUSY } from "./password.server";
import { assertCan, type Actor } from "./access.server";
import { NotFound, ServiceUnavailable, TooManyRequests } from "./errors";

export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** How long a right password makes an account-and-address (or a device cookie) known. */
export const KNOWN_DEVICE_MS = 30 * 24 * 60 * 60 * 1000;
export const SIGN_IN_LIMITS = { accountAndAddress: 5, account: 10, addressAccounts: 6 } as const;
/** Kept for callers that name the per-address-and-account limit. */
export const MAX_FAILED_SIGN_INS = SIGN_IN_LIMITS.accountAndAddress;
/** A reservation older than this (its process died mid-check) counts as a failure. */
const PENDING_STALE_MS = 60 * 1000;
/** How long an attempt waits for other attempts' checks before answering "busy". */
const WAIT_FOR_OTHERS_MS = 30 * 1000;
/** Waiting attempts look again when an attempt in this process settles, or after this long. */
const POLL_MS = 250;
const waiting = new Set<() => void>();
function settled() {
  for (const wake of waiting) wake();
  waiting.clear();
}
function nextSettlement() {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(wake);
      resolve();
    }, POLL_MS);
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    waiting.add(wake);
  });
}

function tooManyAttemptsMessage(minutes: number) {
  const wait = minutes <= 1 ? "1 minute" : `${minutes} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again, or ask an administrator to unlock your account.`;
}

/** A browser's device cookie: its id and the accounts (user ids) it signed in to within 30 days. */
export type TrustedDevice = { id: string; userIds: number[] };
/** Who is guessing: the client address, and the device id when a device cookie vouches for this account. */
type SignInClient = { address: string; device?: string | null };
type Attempt = { id: number; email: string; reachesLimit: boolean };

/** The key a client's attempts are counted under: its device for a device cookie, else its address. */
const clientKey = (client: SignInClient) => (client.device ? `device:${client.device}` : client.address);

type Counts = {
  pairFailed: number;
  pairPending: number;
  accountFailed: number;
  sprayFailed: number;
  sprayPending: number;
  known: number;
  pairSince: string | null;
  addressSince: string | null;
};

async function countsFor(executor: Pick<typeof db, "all">, email: string, key: string, now: number): Promise<Counts> {
  const since = new Date(now - FAILED_SIGN_IN_WINDOW_MS).toISOString();
  const stale = new Date(now - PENDING_STALE_MS).toISOString();
  const knownSince = new Date(now - KNOWN_DEVICE_MS).toISOString();
  const failed = sql`(a.outcome = 'failed' OR (a.outcome = 'pending' AND a.attempted_at < ${stale}))`;
  const pending = sql`(a.outcome = 'pending' AND a.attempted_at >= ${stale})`;
  // E-mails the address has a right password for are colleagues, not spray targets.
  const unknownHere = sql`NOT EXISTS (SELECT 1 FROM login_attempts k WHERE k.outcome = 'succeeded' AND k.email = a.email AND k.address = a.address AND k.attempted_at > ${knownSince})`;
  const [row] = await executor.all<Counts>(sql`
    SELECT
      coalesce(sum(a.email = ${email} AND a.address = ${key} AND ${failed}), 0) AS pairFailed,
      coalesce(sum(a.email = ${email} AND a.address = ${key} AND ${pending}), 0) AS pairPending,
      coalesce(sum(a.email = ${email} AND ${failed}), 0) AS accountFailed,
      count(DISTINCT CASE WHEN a.address = ${key} AND a.email <> ${email} AND ${failed} AND ${unknownHere} THEN a.email END) AS sprayFailed,
      count(DISTINCT CASE WHEN a.address = ${key} AND a.email <> ${email} AND ${pending} THEN a.email END) AS sprayPending,
      (SELECT count(*) FROM login_attempts k WHERE k.outcome = 'succeeded' AND k.email = ${email} AND k.address = ${key} AND k.attempted_at > ${knownSince}) AS known,
      min(CASE WHEN a.email = ${email} AND a.address = ${key} AND ${failed} THEN a.attempted_at END) AS pairSince,
      min(CASE WHEN a.address = ${key} AND ${failed} THEN a.attempted_at END) AS addressSince
    FROM login_attempts a
    WHERE a.attempted_at > ${since} AND a.outcome <> 'succeeded' AND (a.email = ${email} OR a.address = ${key})`);
  return (
    row ?? {
      pairFailed: 0,
      pairPending: 0,
      accountFailed: 0,
      sprayFailed: 0,
      sprayPending: 0,
      known: 0,
      pairSince: null,
      addressSince: null,
    }
  );
}

type Verdict = { refuse: number } | { wait: true } | { go: true; reachesLimit: boolean };

/** The limits applied to one attempt's counts (see the head of this file). */
function judge(counts: Counts, known: boolean, now: number): Verdict {
  const end = (since: string | null) => (since ? Date.parse(since) : now) + FAILED_SIGN_IN_WINDOW_MS;
  const underAttack = !known && counts.accountFailed >= SIGN_IN_LIMITS.account;
  // Under attack from many addresses, a client that already failed for the account is done.
  const pairLimit = underAttack ? 1 : SIGN_IN_LIMITS.accountAndAddress;
  if (counts.pairFailed >= pairLimit) return { refuse: end(counts.pairSince) };
  const spraying = !known && counts.pairFailed === 0;
  if (spraying && counts.sprayFailed >= SIGN_IN_LIMITS.addressAccounts) return { refuse: end(counts.addressSince) };
  if (counts.pairFailed + counts.pairPending >= pairLimit) return { wait: true };
  if (spraying && counts.sprayFailed + counts.sprayPending >= SIGN_IN_LIMITS.addressAccounts) return { wait: true };
  const reachesLimit =
    counts.pairFailed + 1 >= pairLimit ||
    counts.accountFailed + 1 === SIGN_IN_LIMITS.account ||
    (spraying && counts.sprayFailed + 1 >= SIGN_IN_LIMITS.addressAccounts);
  return { go: true, reachesLimit };
}

/**
 * Reserves one password attempt for `email` from `client`, or refuses it (429) when a
 * limit is reached. Call before checking the password; then `attemptSucceeded` or
 * `attemptFailed`. An attempt that is over a limit only while others are being checked
 * waits for them (503 "busy" if that takes too long).
 */
export async function beginAttempt(email: string, client: SignInClient): Promise<Attempt> {
  const key = clientKey(client);
  const started = Date.now();
  for (;;) {
    const now = Date.now();
    const verdict = await writeTransaction(async (tx) => {
      const counts = await countsFor(tx, email, key, now);
      const result = judge(counts, Boolean(client.device) || counts.known > 0, now);
      if (!("go" in result)) return result;
      const [row] = await tx
        .insert(loginAttempts)
        .values({ email, address: key, attemptedAt: new Date(now).toISOString(), outcome: "pending" })
        .returning({ id: loginAttempts.id });
      // Old rows go now and then, not on every attempt.
      if (row!.id % 50 === 0) await forgetOld(tx, now);
      return { id: row!.id, email, reachesLimit: result.reachesLimit };
    });
    if ("id" in verdict) return verdict;
    if ("refuse" in verdict) {
      const seconds = Math.max(1, Math.ceil((verdict.refuse - now) / 1000));
      throw new TooManyRequests(tooManyAttemptsMessage(Math.ceil(seconds / 60)), seconds);
    }
    if (now - started > WAIT_FOR_OTHERS_MS) throw new ServiceUnavailable(HASHING_BUSY, 5);
    await nextSettlement();
  }
}

async function forgetOld(tx: Pick<typeof db, "delete">, now: number) {
  const since = new Date(now - FAILED_SIGN_IN_WINDOW_MS).toISOString();
  const knownSince = new Date(now - KNOWN_DEVICE_MS).toISOString();
  await tx
    .delete(loginAttempts)
    .where(
      or(
        and(ne(loginAttempts.outcome, "succeeded"), lt(loginAttempts.attemptedAt, since)),
        and(eq(loginAttempts.outcome, "succeeded"), lt(loginAttempts.attemptedAt, knownSince)),
      ),
    );
}

/**
 * The right password: its reservation and this client's failures for the account go, and
 * the account-and-client is known (for 30 days) from now on.
 */
export async function attemptSucceeded(attempt: Attempt, client: SignInClient): Promise<void> {
  const key = clientKey(client);
  await writeTransaction(async (tx) => {
    await tx.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
    await tx
      .delete(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, attempt.email),
          eq(loginAttempts.address, key),
          inArray(loginAttempts.outcome, ["failed", "succeeded"]),
        ),
      );
    await tx
      .insert(loginAttempts)
      .values({ email: attempt.email, address: key, attemptedAt: new Date().toISOString(), outcome: "succeeded" });
  });
  settled();
}

/** The password could not be checked (the server was busy hashing): the reservation goes, nothing is counted. */
export async function attemptAbandoned(attempt: Attempt): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.id, attempt.id), eq(loginAttempts.outcome, "pending")));
  settled();
}

/** A wrong password: the reservation becomes a failure; the failure that reaches a limit is audited (ids only). */
export async function attemptFailed(attempt: Attempt): Promise<void> {
  await db.update(loginAttempts).set({ outcome: "failed" }).where(eq(loginAttempts.id, attempt.id));
  settled();
  if (!attempt.reachesLimit) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, attempt.email)).limit(1);
  await db
    .insert(auditLog)
    .values({ actorUserId: null, action: "sign_in.locked", entityType: "user", entityId: user?.id ?? null });
}

/** Whether some client is refused for a user's account, and until when at the latest. */
export async function signInLock(actor: Actor, userId: number): Promise<{ failures: number; until: string } | null> {
  assertCan(actor, "users.manage");
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFound("User not found.");
  const email = user.email;
  const since = new Date(Date.now() - FAILED_SIGN_IN_WINDOW_MS).toISOString();
  const rows = await db.all<{ address: string; n: number; first: string }>(sql`
    SELECT address, count(*) AS n, min(attempted_at) AS first FROM login_attempts
    WHERE email = ${email} AND outcome = 'failed' AND attempted_at > ${since} GROUP BY address`);
  const failures = rows.reduce((sum, row) => sum + row.n, 0);
  const locked = failures >= SIGN_IN_LIMITS.account || rows.some((row) => row.n >= SIGN_IN_LIMITS.accountAndAddress);
  const last = rows
    .map((row) => row.first)
    .sort()
    .at(-1);
  if (!locked || !last) return null;
  // The latest a refusal can last: a window after the newest client's first failure.
  return { failures, until: new Date(Date.parse(last) + FAILED_SIGN_IN_WINDOW_MS).toISOString() };
}

/** An admin clears a user's failed attempts, from every client (known devices stay known). */
export async function unlockSignIn(actor: Actor, userId: number): Promise<void> {
  assertCan(actor, "users.manage");
  await writeTransaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new NotFound("User not found.");
    await tx.delete(loginAttempts).where(and(eq(loginAttempts.email, user.email), eq(loginAttempts.outcome, "failed")));
    await tx
      .insert(auditLog)
      .values({ actorUserId: actor.id, action: "sign_in.unlocked", entityType: "user", entityId: userId });
  });
}
