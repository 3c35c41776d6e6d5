import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { sessions, users } from "#db/schema";
import * as login from "~/routes/api.login";
import * as logout from "~/routes/api.logout";
import * as setupAdmin from "~/routes/api.setup-admin";
import * as currentUser from "~/routes/api.user";
import * as unknownApi from "~/routes/api.$";
import { attemptFailed, beginAttempt } from "~/domain/sign-in-throttle.server";
import { call, context, createTestUser, json, makeRequest, PASSWORD, signedIn } from "../factories";

const attempt = (email: string, password: string) =>
  call(login.action, makeRequest("POST", "/api/login", { body: { email, password } })).then(json);

describe("POST /api/setup-admin", () => {
  it("creates the first admin with a token, validates input, and is refused once an admin exists", async () => {
    const invalid = await json(
      await call(
        setupAdmin.action,
        makeRequest("POST", "/api/setup-admin", {
          body: { email: "nope", password: "123", firstName: "", lastName: "" },
        }),
      ),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
    });
    expect(await db.select().from(users)).toHaveLength(0);

    const created = await json(
      await call(
        setupAdmin.action,
        makeRequest("POST", "/api/setup-admin", {
          body: { email: "Owner@Salon.test", password: "secret-pass-1", firstName: "Olive", lastName: "Owner" },
        }),
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body.token).toEqual(expect.any(String));
    expect(created.body.user).toMatchObject({ email: "owner@salon.test", role: "admin" });

    const me = await json(
      await call(currentUser.loader, makeRequest("GET", "/api/user", { token: created.body.token })),
    );
    expect(me).toMatchObject({ status: 200, body: { email: "owner@salon.test", role: "admin" } });

    const again = await json(
      await call(
        setupAdmin.action,
        makeRequest("POST", "/api/setup-admin", {
          body: { email: "other@salon.test", password: "secret-pass-1", firstName: "A", lastName: "B" },
        }),
      ),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("An administrator account already exists. Please sign in.");
    expect(await db.select().from(users)).toHaveLength(1);
  });
});

describe("POST /api/login and bearer tokens", () => {
  it("returns a token that works on /api and stores only its hash", async () => {
    const user = await createTestUser("stylist");
    const result = await json(
      await call(
        login.action,
        makeRequest("POST", "/api/login", { body: { email: user.email.toUpperCase(), password: PASSWORD } }),
      ),
    );
    expect(result.status).toBe(200);
    const token: string = result.body.token;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);

    const me = await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { token })));
    expect(me.body).toMatchObject({ id: user.id, email: user.email, role: "stylist" });
    expect(me.body).not.toHaveProperty("passwordHash");
  });

  it("answers 401 with a message for wrong credentials and when signed out", async () => {
    const user = await createTestUser("admin");
    const wrong = await json(
      await call(
        login.action,
        makeRequest("POST", "/api/login", { body: { email: user.email, password: "wrong-password" } }),
      ),
    );
    expect(wrong).toEqual({ status: 401, body: { message: "Invalid email or password" } });
    const unknown = await json(
      await call(
        login.action,
        makeRequest("POST", "/api/login", { body: { email: "ghost@salon.test", password: "whatever" } }),
      ),
    );
    expect(unknown.status).toBe(401);
    const signedOut = await json(await call(currentUser.loader, makeRequest("GET", "/api/user")));
    expect(signedOut).toEqual({ status: 401, body: { message: "You are not signed in." } });
    const badToken = await json(
      await call(currentUser.loader, makeRequest("GET", "/api/user", { token: "not-a-real-token" })),
    );
    expect(badToken.status).toBe(401);
  });

  it("validates the login body", async () => {
    const result = await json(
      await call(login.action, makeRequest("POST", "/api/login", { body: { email: "not-an-email" } })),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password is required"],
    });
    const broken = await json(
      await call(
        login.action,
        new Request("http://localhost:3000/api/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{oops",
        }),
      ),
    );
    expect(broken).toEqual({ status: 400, body: { message: "The request body is not valid JSON." } });
  });

  it("locks one e-mail from one address after five failures within 15 minutes, with 429", async () => {
    const user = await createTestUser("stylist");
    // Four failures recorded without hashing (the machine's time is the test's budget), one real.
    for (let i = 0; i < 4; i += 1)
      await attemptFailed(await beginAttempt(user.email, { address: context.clientAddress }));
    expect((await attempt(user.email, "bad-password")).status).toBe(401);
    const locked = await attempt(user.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again, or ask an administrator to unlock your account.",
    );
  });

  it("does not count another address's failures, and a success clears the count", async () => {
    const user = await createTestUser("stylist");
    const { authenticateWithPassword } = await import("~/domain/auth.server");
    for (let i = 0; i < 4; i += 1) await attemptFailed(await beginAttempt(user.email, { address: "a" }));
    await expect(
      authenticateWithPassword({ email: user.email, password: PASSWORD, address: "a" }),
    ).resolves.toMatchObject({ id: user.id });
    for (let i = 0; i < 5; i += 1) await attemptFailed(await beginAttempt(user.email, { address: "b" }));
    await expect(authenticateWithPassword({ email: user.email, password: PASSWORD, address: "b" })).rejects.toThrow(
      "Too many failed sign-in attempts",
    );
    await expect(
      authenticateWithPassword({ email: user.email, password: PASSWORD, address: "a" }),
    ).resolves.toMatchObject({ id: user.id });
  });

  it("refuses deactivated accounts", async () => {
    const user = await createTestUser("stylist", { isActive: false });
    const result = await json(
      await call(login.action, makeRequest("POST", "/api/login", { body: { email: user.email, password: PASSWORD } })),
    );
    expect(result.status).toBe(401);
  });
});

describe("POST /api/logout", () => {
  it("ends the server session so the token stops working", async () => {
    const { token } = await signedIn("stylist");
    const out = await call(logout.action, makeRequest("POST", "/api/logout", { token }));
    expect((out as Response).status).toBe(200);
    const me = await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { token })));
    expect(me.status).toBe(401);
  });
});

describe("cookie sessions and other origins", () => {
  it("accepts the cookie from the same origin and refuses cookie-authenticated writes from another", async () => {
    const { cookie } = await signedIn("admin");
    const same = await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { cookie })));
    expect(same.status).toBe(200);
    const foreign = await call(
      logout.action,
      makeRequest("POST", "/api/logout", { cookie, headers: { Origin: "https://evil.example" } }),
    );
    expect(await json(foreign)).toEqual({ status: 403, body: { message: "Cross-origin requests are not allowed." } });
    const crossSite = await call(
      logout.action,
      makeRequest("POST", "/api/logout", { cookie, headers: { Origin: "", "Sec-Fetch-Site": "cross-site" } }),
    );
    expect((crossSite as Response).status).toBe(403);
  });
});

describe("unknown /api paths", () => {
  it("answer JSON 404", async () => {
    expect(await json(await call(unknownApi.loader, makeRequest("GET", "/api/nope")))).toEqual({
      status: 404,
      body: { message: "No such API endpoint." },
    });
  });
});
