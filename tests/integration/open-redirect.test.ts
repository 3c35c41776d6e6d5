// Every place that reads a redirect target from the request (the sign-in page's loader for
// a signed-in user, the sign-in form, the calendar panel's no-JavaScript toggle) with the
// attack run's variants: whatever comes back as Location must stay on this origin, as a
// browser would resolve it.
import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/redirect";
import * as auth from "~/routes/auth";
import * as calendarPanel from "~/routes/resources.calendar-panel";
import { call, makeRequest, ORIGIN, signedIn } from "../factories";

const HOST = "evil.example";
const HOSTILE_TARGETS = [
  `//${HOST}`,
  `///${HOST}`,
  `////${HOST}`,
  `/\\${HOST}`,
  `\\\\${HOST}`,
  `\\/${HOST}`,
  `/\\/${HOST}`,
  `/.//${HOST}`,
  `/..//${HOST}`,
  `/./\\${HOST}`,
  `/.\\/${HOST}`,
  `/../\\${HOST}`,
  `/././/${HOST}`,
  `/.///${HOST}`,
  `/a/../..//${HOST}`,
  `/calendar/..//${HOST}`,
  `/../../..//${HOST}`,
  `/%2e//${HOST}`,
  `/%2E//${HOST}`,
  `/%2e%2e//${HOST}`,
  `/.%2e//${HOST}`,
  `/\t/${HOST}`,
  `/\t\\${HOST}`,
  `/\n/${HOST}`,
  `/\r/${HOST}`,
  `\t//${HOST}`,
  `/.\t//${HOST}`,
  `/\t./\t/${HOST}`,
  ` //${HOST}`,
  `/%09/${HOST}/..`,
  `/\u0000/${HOST}`,
  `https://${HOST}`,
  `http:${HOST}`,
  `http:/\\${HOST}`,
  `HTTPS://${HOST}/calendar`,
  `javascript:alert(1)`,
  `data:text/html,<script>alert(1)</script>`,
  `${HOST}`,
  `/.//${HOST}?q=1#top`,
  `/..//${HOST}/calendar`,
];

const staysHome = (location: string | null, label: string) => {
  expect(location, label).not.toBeNull();
  expect(new URL(location!, ORIGIN).origin, `${label} → ${location}`).toBe(ORIGIN);
  expect(location!.startsWith("//") || location!.startsWith("/\\"), `${label} → ${location}`).toBe(false);
};

describe("redirect targets stay on this origin", () => {
  it("has 40 hostile variants", () => expect(HOSTILE_TARGETS).toHaveLength(40));

  it("safeRedirectPath gives the fallback or a same-origin path for every variant", () => {
    for (const target of HOSTILE_TARGETS) staysHome(safeRedirectPath(target), JSON.stringify(target));
    expect(safeRedirectPath("/.//evil.example")).toBe("/");
    expect(safeRedirectPath("/..//evil.example")).toBe("/");
    // Ordinary targets are kept, resolved.
    expect(safeRedirectPath("/calendar?view=day&date=2026-11-23#top")).toBe("/calendar?view=day&date=2026-11-23#top");
    expect(safeRedirectPath("/clients/./12")).toBe("/clients/12");
  });

  it("GET /auth?redirectTo= for a signed-in user", async () => {
    const { cookie } = await signedIn("stylist");
    for (const target of HOSTILE_TARGETS) {
      const result = (await call(
        auth.loader,
        makeRequest("GET", `/auth?${new URLSearchParams({ redirectTo: target })}`, { cookie }),
      )) as Response;
      expect(result.status, JSON.stringify(target)).toBe(302);
      staysHome(result.headers.get("Location"), JSON.stringify(target));
    }
  });

  it("POST /auth (signing in): the target carried to the cookie check is safe too", async () => {
    // A cheap stored hash (its parameters are read from it), so forty sign-ins take a moment.
    const salt = randomBytes(16);
    const passwordHash = [
      "scrypt",
      1024,
      8,
      1,
      salt.toString("base64url"),
      scryptSync("password123", salt, 64, { N: 1024, r: 8, p: 1 }).toString("base64url"),
    ].join("$");
    const { user } = await signedIn("stylist", { passwordHash });
    for (const target of HOSTILE_TARGETS) {
      const form = { intent: "login", email: user.email, password: "password123", redirectTo: target };
      const result = (await call(
        auth.action,
        makeRequest("POST", "/auth", { headers: { Origin: ORIGIN }, form }),
      )) as Response;
      expect(result.status, JSON.stringify(target)).toBe(302);
      const location = result.headers.get("Location")!;
      staysHome(location, JSON.stringify(target));
      const carried = new URL(location, ORIGIN).searchParams.get("redirectTo");
      if (carried !== null) staysHome(carried, `carried ${JSON.stringify(target)}`);
    }
  });

  it("POST /resources/calendar-panel", async () => {
    const { cookie } = await signedIn("stylist");
    for (const target of HOSTILE_TARGETS) {
      const result = (await call(
        calendarPanel.action,
        makeRequest("POST", "/resources/calendar-panel", { cookie, form: { open: "1", redirectTo: target } }),
      )) as Response;
      expect(result.status, JSON.stringify(target)).toBe(302);
      staysHome(result.headers.get("Location"), JSON.stringify(target));
    }
  });
});
