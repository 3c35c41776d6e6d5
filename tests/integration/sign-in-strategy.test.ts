// Sign-in goes through remix-auth's FormStrategy ("form") for the sign-in form and
// POST /api/login alike; its verify is the one password function, with the client address
// of the load context for the throttle.
import { FormStrategy } from "remix-auth-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_LIMITS } from "~/domain/sign-in-throttle.server";
import * as login from "~/routes/api.login";
import * as authPage from "~/routes/auth";
import { signInWithPassword } from "~/utils/authenticator.server";
import { call, context, createTestUser, makeRequest, PASSWORD, statusOf } from "../factories";

afterEach(() => {
  vi.restoreAllMocks();
});

const request = makeRequest("POST", "/api/login");
const from = (clientAddress: string) => ({ ...context, clientAddress });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status?: number; message?: string }) => ({ status: error.status, message: error.message }),
  );

describe("the sign-in strategy", () => {
  it("signs the form and /api/login in through the FormStrategy", async () => {
    const user = await createTestUser("stylist");
    const strategy = vi.spyOn(FormStrategy.prototype, "authenticate");
    const api = await call(
      login.action,
      makeRequest("POST", "/api/login", { body: { email: user.email, password: PASSWORD } }),
    );
    expect(statusOf(api)).toBe(200);
    const page = await call(
      authPage.action,
      makeRequest("POST", "/auth", {
        form: { intent: "login", email: user.email, password: PASSWORD },
        headers: { Origin: "http://localhost:3000" },
      }),
    );
    expect(statusOf(page)).toBe(302);
    expect(strategy).toHaveBeenCalledTimes(2);
  });

  it("refuses a wrong password with the password function's message, and throttles by the load context's address", async () => {
    const user = await createTestUser("stylist");
    const wrong = { email: user.email, password: "not-the-password" };
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress; i++) {
      expect(await refusal(signInWithPassword(wrong, request, from("10.9.0.1")))).toEqual({
        status: 401,
        message: "Invalid email or password",
      });
    }
    expect((await refusal(signInWithPassword(wrong, request, from("10.9.0.1"))))?.status).toBe(429);
    // Another address is not locked out of the same account (its own limit is not reached).
    await expect(
      signInWithPassword({ email: user.email, password: PASSWORD }, request, from("10.9.0.2")),
    ).resolves.toMatchObject({ id: user.id });
  });
});
