import { describe, expect, it } from "vitest";
import { applyCookieSecurity, cookieSecureFor, withCookieSecurity } from "./cookies.server";
import { data, redirect } from "@remix-run/node";

const SESSION = "__session=abc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax";
const TOAST = "toast=xyz; Path=/; HttpOnly; SameSite=Lax";

describe("cookie Secure flag per request", () => {
  it("follows the request's scheme when COOKIE_SECURE is not set", () => {
    expect(cookieSecureFor(new Request("http://192.168.1.20:3000/auth"))).toBe(false);
    expect(cookieSecureFor(new Request("https://salon.example/auth"))).toBe(true);
  });

  it("drops Secure on plain HTTP and adds it on HTTPS, once, on every Set-Cookie", () => {
    const plain = new Headers();
    plain.append("Set-Cookie", SESSION);
    plain.append("Set-Cookie", TOAST);
    applyCookieSecurity(new Request("http://192.168.1.20:3000/"), plain);
    expect(plain.getSetCookie()).toEqual(["__session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax", TOAST]);

    const secure = new Headers();
    secure.append("Set-Cookie", SESSION);
    secure.append("Set-Cookie", TOAST);
    applyCookieSecurity(new Request("https://salon.example/"), secure);
    expect(secure.getSetCookie()).toEqual([`${SESSION.replace("; Secure", "")}; Secure`, `${TOAST}; Secure`]);
  });

  it("handles what loaders and actions return: redirects and data(..., { headers })", () => {
    const request = new Request("http://192.168.1.20:3000/");
    const response = withCookieSecurity(request, redirect("/", { headers: { "Set-Cookie": SESSION } }));
    expect(response.headers.get("Set-Cookie")).not.toMatch(/Secure/);
    const result = withCookieSecurity(request, data({ ok: true }, { headers: { "Set-Cookie": SESSION } }));
    expect(new Headers(result.init?.headers).get("Set-Cookie")).not.toMatch(/Secure/);
    expect(withCookieSecurity(request, { plain: "object" })).toEqual({ plain: "object" });
  });
});
