import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, auditLog, stylists, users } from "#db/schema";
import * as login from "~/routes/api.login";
import * as register from "~/routes/api.register";
import * as stylistsApi from "~/routes/api.stylists";
import * as currentUser from "~/routes/api.user";
import * as changePassword from "~/routes/api.users.$id.change-password";
import * as userById from "~/routes/api.users.$id._index";
import * as setPassword from "~/routes/api.users.$id.password";
import * as usersApi from "~/routes/api.users._index";
import { call, createTestUser, json, makeRequest, PASSWORD, signedIn } from "../factories";

const newUser = { firstName: "Sam", lastName: "Shears", email: "sam@salon.test", password: "cut-cut-cut-1" };

describe("POST /api/register", () => {
  it("lets an admin create a stylist (the default role) with a linked stylist record", async () => {
    const admin = await signedIn("admin");
    const created = await json(
      await call(register.action, makeRequest("POST", "/api/register", { token: admin.token, body: newUser })),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: "sam@salon.test", role: "stylist", firstName: "Sam" });
    expect(created.body).not.toHaveProperty("passwordHash");
    const [stylist] = await db.select().from(stylists).where(eq(stylists.userId, created.body.id));
    expect(stylist).toMatchObject({ name: "Sam Shears", email: "sam@salon.test", isActive: true });

    const signIn = await json(
      await call(
        login.action,
        makeRequest("POST", "/api/login", { body: { email: newUser.email, password: newUser.password } }),
      ),
    );
    expect(signIn.status).toBe(200);
  });

  it("explains missing fields, short passwords and taken e-mails, and writes nothing", async () => {
    const admin = await signedIn("admin");
    const before = (await db.select().from(users)).length;
    const missing = await json(
      await call(
        register.action,
        makeRequest("POST", "/api/register", { token: admin.token, body: { email: "x@salon.test" } }),
      ),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Please fill in all fields for the new user account.");
    const short = await json(
      await call(
        register.action,
        makeRequest("POST", "/api/register", {
          token: admin.token,
          body: { ...newUser, email: "short@salon.test", password: "12345" },
        }),
      ),
    );
    expect(short.body.errors.password).toEqual(["Password must be at least 8 characters long"]);
    const taken = await json(
      await call(
        register.action,
        makeRequest("POST", "/api/register", { token: admin.token, body: { ...newUser, email: admin.user.email } }),
      ),
    );
    expect(taken).toMatchObject({ status: 409, body: { message: "An account with this email already exists." } });
    expect((await db.select().from(users)).length).toBe(before);
  });

  it("is refused to stylists and display accounts", async () => {
    for (const role of ["stylist", "display"] as const) {
      const actor = await signedIn(role);
      const result = await json(
        await call(
          register.action,
          makeRequest("POST", "/api/register", {
            token: actor.token,
            body: { ...newUser, email: `${role}-made@salon.test` },
          }),
        ),
      );
      expect(result.status).toBe(403);
    }
    expect(await db.select().from(users).where(eq(users.email, "stylist-made@salon.test"))).toHaveLength(0);
  });
});

describe("GET /api/users and PATCH/DELETE /api/users/{id}", () => {
  it("lists users for admins only", async () => {
    const admin = await signedIn("admin");
    const stylist = await signedIn("stylist");
    const list = await json(await call(usersApi.loader, makeRequest("GET", "/api/users", { token: admin.token })));
    expect(list.status).toBe(200);
    expect(list.body.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([admin.user.email, stylist.user.email]),
    );
    expect(list.body[0]).not.toHaveProperty("passwordHash");
    expect(
      (await json(await call(usersApi.loader, makeRequest("GET", "/api/users", { token: stylist.token })))).status,
    ).toBe(403);
  });

  it("edits name, e-mail and role; promoting to stylist creates the stylist record", async () => {
    const admin = await signedIn("admin");
    const display = await createTestUser("display");
    expect(await db.select().from(stylists).where(eq(stylists.userId, display.id))).toHaveLength(0);
    const result = await json(
      await call(
        userById.action,
        makeRequest("PATCH", `/api/users/${display.id}`, {
          token: admin.token,
          body: { firstName: "Dee", lastName: "Dryer", email: "dee@salon.test", role: "stylist" },
        }),
        {
          id: String(display.id),
        },
      ),
    );
    expect(result).toMatchObject({ status: 200, body: { firstName: "Dee", role: "stylist", email: "dee@salon.test" } });
    const [record] = await db.select().from(stylists).where(eq(stylists.userId, display.id));
    expect(record).toMatchObject({ name: "Dee Dryer", isActive: true });
  });

  it("refuses an admin demoting their own role", async () => {
    const admin = await signedIn("admin");
    const result = await json(
      await call(
        userById.action,
        makeRequest("PATCH", `/api/users/${admin.user.id}`, { token: admin.token, body: { role: "stylist" } }),
        { id: String(admin.user.id) },
      ),
    );
    expect(result).toEqual({ status: 403, body: { message: "You cannot change your own admin role" } });
    const [row] = await db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.role).toBe("admin");
  });

  it("refuses deleting a user whose stylist has appointments, and deletes one who has none", async () => {
    const admin = await signedIn("admin");
    const busy = await createTestUser("stylist");
    const [stylist] = await db.select().from(stylists).where(eq(stylists.userId, busy.id));
    await db.insert(appointments).values({
      stylistId: stylist!.id,
      startTime: "2026-11-23T10:00:00.000Z",
      endTime: "2026-11-23T11:00:00.000Z",
      status: "blocked",
    });
    const refused = await json(
      await call(userById.action, makeRequest("DELETE", `/api/users/${busy.id}`, { token: admin.token }), {
        id: String(busy.id),
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("has appointments");
    expect(await db.select().from(users).where(eq(users.id, busy.id))).toHaveLength(1);

    const idle = await createTestUser("stylist");
    const deleted = await json(
      await call(userById.action, makeRequest("DELETE", `/api/users/${idle.id}`, { token: admin.token }), {
        id: String(idle.id),
      }),
    );
    expect(deleted.status).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, idle.id))).toHaveLength(0);
    expect(await db.select().from(stylists).where(eq(stylists.userId, idle.id))).toHaveLength(0);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, idle.id));
    expect(audit).toMatchObject({ action: "user.delete", actorUserId: admin.user.id });

    const missing = await json(
      await call(userById.action, makeRequest("DELETE", "/api/users/99999", { token: admin.token }), { id: "99999" }),
    );
    expect(missing.status).toBe(404);
  });

  it("deactivating a user ends their sessions", async () => {
    const admin = await signedIn("admin");
    const stylist = await signedIn("stylist");
    await call(
      userById.action,
      makeRequest("PATCH", `/api/users/${stylist.user.id}`, { token: admin.token, body: { isActive: false } }),
      { id: String(stylist.user.id) },
    );
    expect(
      (await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { token: stylist.token })))).status,
    ).toBe(401);
  });
});

describe("passwords", () => {
  it("an admin sets another user's password (min 8) and that user's sessions end", async () => {
    const admin = await signedIn("admin");
    const stylist = await signedIn("stylist");
    const short = await json(
      await call(
        setPassword.action,
        makeRequest("PATCH", `/api/users/${stylist.user.id}/password`, {
          token: admin.token,
          body: { password: "12" },
        }),
        { id: String(stylist.user.id) },
      ),
    );
    expect(short).toMatchObject({ status: 400, body: { message: "Password must be at least 8 characters long" } });
    const ok = await json(
      await call(
        setPassword.action,
        makeRequest("PATCH", `/api/users/${stylist.user.id}/password`, {
          token: admin.token,
          body: { password: "new-pass-word-1" },
        }),
        { id: String(stylist.user.id) },
      ),
    );
    expect(ok.status).toBe(200);
    expect(
      (await json(await call(currentUser.loader, makeRequest("GET", "/api/user", { token: stylist.token })))).status,
    ).toBe(401);
    const signIn = await json(
      await call(
        login.action,
        makeRequest("POST", "/api/login", { body: { email: stylist.user.email, password: "new-pass-word-1" } }),
      ),
    );
    expect(signIn.status).toBe(200);
  });

  it("a stylist cannot set another user's password", async () => {
    const stylist = await signedIn("stylist");
    const other = await createTestUser("stylist");
    const refused = await json(
      await call(
        setPassword.action,
        makeRequest("PATCH", `/api/users/${other.id}/password`, {
          token: stylist.token,
          body: { password: "hacked-pass-1" },
        }),
        { id: String(other.id) },
      ),
    );
    expect(refused.status).toBe(403);
  });

  it("anyone with an account tab changes their own password with the current one, never someone else's", async () => {
    const stylist = await signedIn("stylist");
    const url = `/api/users/${stylist.user.id}/change-password`;
    const params = { id: String(stylist.user.id) };
    const wrong = await json(
      await call(
        changePassword.action,
        makeRequest("PATCH", url, {
          token: stylist.token,
          body: { currentPassword: "nope", newPassword: "another-pass-1" },
        }),
        params,
      ),
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: "Current password is incorrect." } });
    const short = await json(
      await call(
        changePassword.action,
        makeRequest("PATCH", url, { token: stylist.token, body: { currentPassword: PASSWORD, newPassword: "abc" } }),
        params,
      ),
    );
    expect(short.body.message).toBe("Password must be at least 8 characters long.");
    const empty = await json(
      await call(changePassword.action, makeRequest("PATCH", url, { token: stylist.token, body: {} }), params),
    );
    expect(empty.body.message).toBe("Please fill in all password fields.");
    const ok = await json(
      await call(
        changePassword.action,
        makeRequest("PATCH", url, {
          token: stylist.token,
          body: { currentPassword: PASSWORD, newPassword: "another-pass-1" },
        }),
        params,
      ),
    );
    expect(ok.status).toBe(200);

    const other = await createTestUser("stylist");
    const refused = await json(
      await call(
        changePassword.action,
        makeRequest("PATCH", `/api/users/${other.id}/change-password`, {
          token: stylist.token,
          body: { currentPassword: PASSWORD, newPassword: "another-pass-1" },
        }),
        {
          id: String(other.id),
        },
      ),
    );
    expect(refused.status).toBe(403);
  });
});

describe("GET /api/stylists", () => {
  it("shows admins and display accounts every active stylist and a stylist only their own", async () => {
    const a = await createTestUser("stylist");
    const b = await signedIn("stylist");
    const admin = await signedIn("admin");
    const display = await signedIn("display");
    const all = await json(await call(stylistsApi.loader, makeRequest("GET", "/api/stylists", { token: admin.token })));
    expect(all.body.map((s: { userId: number }) => s.userId)).toEqual(expect.arrayContaining([a.id, b.user.id]));
    const screen = await json(
      await call(stylistsApi.loader, makeRequest("GET", "/api/stylists", { token: display.token })),
    );
    expect(screen.body).toHaveLength(all.body.length);
    const own = await json(await call(stylistsApi.loader, makeRequest("GET", "/api/stylists", { token: b.token })));
    expect(own.body.map((s: { userId: number }) => s.userId)).toEqual([b.user.id]);
  });
});
