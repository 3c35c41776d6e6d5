// Password guessing from the attacker's side: parallel guesses, rotated addresses,
// spraying, the current-password check, CPU amplification, and the admin's unlock.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { auditLog, loginAttempts, sessions } from "#db/schema";
import { attemptFailed, beginAttempt, SIGN_IN_LIMITS } from "~/domain/sign-in-throttle.server";
import { HASH_QUEUE, HASH_SLOTS } from "~/domain/password.server";
import * as login from "~/routes/api.login";
import * as setupAdmin from "~/routes/api.setup-admin";
import * as register from "~/routes/api.register";
import * as changePassword from "~/routes/api.users.$id.change-password";
import * as currentUser from "~/routes/api.user";
import * as staffUser from "~/routes/_app.settings.staff.$userId";
import { call, context, createTestUser, json, makeRequest, PASSWORD, signedIn, statusOf } from "../factories";

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: typeof context;
}) => Promise<unknown>;
/** A route call from a given client address (what the server derives from the socket or trusted proxy). */
async function from(address: string, handler: unknown, request: Request, params: Record<string, string> = {}) {
  try {
    return await (handler as Handler)({ request, params, context: { ...context, clientAddress: address } });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
const loginRequest = (email: string, password: string) =>
  makeRequest("POST", "/api/login", { body: { email, password } });

describe("sign-in throttling", () => {
  it("evaluates at most 5 of 50 parallel guesses for one account, even with the right password among them", async () => {
    const user = await createTestUser("stylist");
    const guesses = Array.from({ length: 50 }, (_, index) => (index === 49 ? PASSWORD : `wrong-guess-${index}`));
    const statuses = await Promise.all(
      guesses.map((password) => from("10.9.9.9", login.action, loginRequest(user.email, password)).then(statusOf)),
    );
    const evaluated = statuses.filter((status) => status === 401 || status === 200);
    expect(evaluated.length).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountAndAddress);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(45);
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
  }, 120_000);

  it("answers 429 with Retry-After and a message saying when to try again", async () => {
    const user = await createTestUser("stylist");
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress; i++)
      await attemptFailed(await beginAttempt(user.email, { address: "10.0.0.1" }));
    const locked = await from("10.0.0.1", login.action, loginRequest(user.email, PASSWORD));
    expect(statusOf(locked)).toBe(429);
    const retryAfter = Number((locked as Response).headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await json(locked)).body.message).toBe(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again, or ask an administrator to unlock your account.",
    );
  });

  it("limits one account across addresses: a failing address gets no more guesses, the right password from a fresh one still works", async () => {
    const user = await createTestUser("stylist");
    // Failures from ten different addresses (each below its own limit of five).
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++)
      await attemptFailed(await beginAttempt(user.email, { address: `198.51.100.${i}` }));
    expect(statusOf(await from("198.51.100.3", login.action, loginRequest(user.email, "another-guess")))).toBe(429);
    expect(statusOf(await from("203.0.113.77", login.action, loginRequest(user.email, PASSWORD)))).toBe(200);
  });

  it("limits password spraying: one address failing for many accounts is stopped", async () => {
    const victims = await Promise.all(Array.from({ length: 8 }, () => createTestUser("stylist")));
    const sprayer = "192.0.2.50";
    for (const victim of victims.slice(0, SIGN_IN_LIMITS.addressAccounts))
      await attemptFailed(await beginAttempt(victim.email, { address: sprayer }));
    // The seventh account (and unknown e-mails) from that address are refused before any hashing.
    expect(statusOf(await from(sprayer, login.action, loginRequest(victims[6]!.email, "Spring2026!")))).toBe(429);
    expect(statusOf(await from(sprayer, login.action, loginRequest("nobody-at-all@salon.test", "Spring2026!")))).toBe(
      429,
    );
    // Another tablet is unaffected.
    expect(statusOf(await from("192.0.2.51", login.action, loginRequest(victims[7]!.email, PASSWORD)))).toBe(200);
  });

  it("throttles the current-password check of PATCH /api/users/{id}/change-password", async () => {
    const stylist = await signedIn("stylist");
    const url = `/api/users/${stylist.user.id}/change-password`;
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        from(
          "10.7.7.7",
          changePassword.action,
          makeRequest("PATCH", url, {
            token: stylist.token,
            body: { currentPassword: `guess-${i}`, newPassword: "a-new-secret-9" },
          }),
          {
            id: String(stylist.user.id),
          },
        ).then(statusOf),
      ),
    );
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountAndAddress);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
  });
});

describe("no unauthenticated CPU amplification", () => {
  it("refuses setup after setup before reading the body, so nothing is hashed", async () => {
    await createTestUser("admin");
    const refused = await json(
      await call(
        setupAdmin.action,
        makeRequest("POST", "/api/setup-admin", {
          body: { email: "x@y.test", password: "p".repeat(100), firstName: "X", lastName: "Y" },
        }),
      ),
    );
    expect(refused).toEqual({
      status: 409,
      body: { message: "An administrator account already exists. Please sign in." },
    });
    // Not even a malformed body is looked at.
    const garbage = await call(
      setupAdmin.action,
      new Request("http://localhost:3000/api/setup-admin", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{",
      }),
    );
    expect(statusOf(garbage)).toBe(409);
  });

  it("bounds concurrent password hashes: beyond the slots and queue, 503 with Retry-After", async () => {
    const burst = HASH_SLOTS + HASH_QUEUE + 2;
    // Different addresses and unknown e-mails, as a flood would be: the throttle does not stop them.
    const results = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        from(`100.64.0.${i}`, login.action, loginRequest(`random${i}@nowhere.test`, "whatever-123")),
      ),
    );
    const statuses = results.map(statusOf);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
    expect(statuses.filter((status) => status === 401)).toHaveLength(burst - 2);
    const busy = results.find((result) => statusOf(result) === 503) as Response;
    expect(busy.headers.get("Retry-After")).toBe("5");
    expect((await busy.json()).message).toBe(
      "The server is busy signing other people in. Please try again in a few seconds.",
    );
  }, 180_000);
});

describe("an admin unlocks a locked-out colleague (Staff Accounts)", () => {
  it("shows the lock on the user's edit page, unlocks it, and audits both", async () => {
    const admin = await signedIn("admin");
    const victim = await createTestUser("stylist");
    const tablet = "10.20.30.40";
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress; i++)
      await attemptFailed(await beginAttempt(victim.email, { address: tablet }));
    expect(statusOf(await from(tablet, login.action, loginRequest(victim.email, PASSWORD)))).toBe(429);
    const locked = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sign_in.locked"), eq(auditLog.entityId, victim.id)));
    expect(locked).toHaveLength(1);
    expect(locked[0]!.details).toBeNull(); // ids only: no e-mail or address

    const params = { userId: String(victim.id) };
    const view = (await call(
      staffUser.loader,
      makeRequest("GET", `/settings/staff/${victim.id}`, { cookie: admin.cookie }),
      params,
    )) as { lock: { failures: number; until: string } | null };
    expect(view.lock).toMatchObject({ failures: 5, until: expect.stringMatching(/^\d{2}:\d{2}$/) });

    // A stylist cannot unlock anyone.
    const stylist = await signedIn("stylist");
    const refused = await call(
      staffUser.action,
      makeRequest("POST", `/settings/staff/${victim.id}`, { cookie: stylist.cookie, form: { intent: "unlock" } }),
      params,
    );
    expect(statusOf(refused)).toBe(403);

    const unlocked = await call(
      staffUser.action,
      makeRequest("POST", `/settings/staff/${victim.id}`, { cookie: admin.cookie, form: { intent: "unlock" } }),
      params,
    );
    expect(statusOf(unlocked)).toBe(302);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, victim.email))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "sign_in.unlocked"), eq(auditLog.entityId, victim.id))),
    ).toHaveLength(1);
    const after = (await call(
      staffUser.loader,
      makeRequest("GET", `/settings/staff/${victim.id}`, { cookie: admin.cookie }),
      params,
    )) as { lock: unknown };
    expect(after.lock).toBeNull();
    expect(statusOf(await from(tablet, login.action, loginRequest(victim.email, PASSWORD)))).toBe(200);
  });
});

describe("sessions and passwords (ASVS level 2)", () => {
  it("ends a cookie session after 12 hours without use; a bearer token has only the absolute limit", async () => {
    const { user, cookie, token } = await signedIn("stylist");
    const longAgo = new Date(Date.now() - 13 * 60 * 60 * 1000).toISOString();
    await db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.id));
    expect((await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { token })))).status).toBe(200);
    const bearerRow = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(bearerRow).toHaveLength(1);
    await db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.id));
    expect((await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { cookie })))).status).toBe(401);
  });

  it("changing one's own password ends one's other sessions, not this one", async () => {
    const stylist = await signedIn("stylist");
    const tablet = await json(await call(login.action, loginRequest(stylist.user.email, PASSWORD)));
    expect(tablet.status).toBe(200);
    const changed = await json(
      await call(
        changePassword.action,
        makeRequest("PATCH", `/api/users/${stylist.user.id}/change-password`, {
          token: stylist.token,
          body: { currentPassword: PASSWORD, newPassword: "quiet-river-42" },
        }),
        {
          id: String(stylist.user.id),
        },
      ),
    );
    expect(changed.status).toBe(200);
    expect(
      (await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { token: stylist.token })))).status,
    ).toBe(200);
    expect(
      (await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { token: tablet.body.token }))))
        .status,
    ).toBe(401);
  });

  it("new passwords: at least 8, at most 128 characters, and not a common one", async () => {
    const admin = await signedIn("admin");
    const create = (password: string) =>
      call(
        register.action,
        makeRequest("POST", "/api/register", {
          token: admin.token,
          body: {
            firstName: "New",
            lastName: "Person",
            email: `p${password.length}${Math.random()}@salon.test`,
            password,
          },
        }),
      ).then(json);
    expect((await create("seven77")).body.errors.password).toEqual(["Password must be at least 8 characters long"]);
    expect((await create("x".repeat(129))).body.errors.password).toEqual([
      "Password must be at most 128 characters long.",
    ]);
    expect((await create("Password123")).body.errors.password).toEqual([
      "This password is too common. Please choose one that is harder to guess.",
    ]);
    expect((await create("qwertyuiop")).status).toBe(400);
    expect((await create("violet-harbour-7")).status).toBe(201);
    // A sign-in password is bounded too, so a huge one costs nothing.
    expect((await json(await call(login.action, loginRequest(admin.user.email, "x".repeat(10_000))))).status).toBe(400);
  });
});
