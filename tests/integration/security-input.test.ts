// Hostile input from the attacker's side: loose ids, non-dates, out-of-range numbers,
// wrong content types, control characters, oversized fields, and the open redirect.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clients, users } from "#db/schema";
import { importClientCsv } from "~/domain/client-import.server";
import { MAX_IMPORT_ROWS } from "~/lib/schemas/clients";
import { safeRedirectPath } from "~/lib/redirect";
import { renderTemplate } from "~/lib/sms-template";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as clientById from "~/routes/api.clients.$id._index";
import * as clientsApi from "~/routes/api.clients._index";
import * as salonSettings from "~/routes/api.salon-settings._index";
import * as account from "~/routes/_app.settings._index";
import * as auth from "~/routes/auth";
import * as login from "~/routes/api.login";
import { NESTED_TOO_DEEPLY } from "~/utils/http.server";
import { createTestClient } from "../clients-factories";
import { call, json, makeRequest, ORIGIN, signedIn, statusOf } from "../factories";

describe("ids are plain positive decimal integers, or 404", () => {
  it("does not read 0x10, ' 1', 1e3 or 1.0 as ids", async () => {
    const admin = await signedIn("admin");
    const client = await createTestClient({ name: "Real Client" });
    const get = (id: string) =>
      call(clientById.loader, makeRequest("GET", `/api/clients/${encodeURIComponent(id)}`, { token: admin.token }), {
        id,
      }).then(json);
    expect((await get(String(client.id))).status).toBe(200);
    for (const loose of [
      "0x10",
      ` ${client.id}`,
      `${client.id} `,
      "1e3",
      `${client.id}.0`,
      "+1",
      "0",
      "-1",
      "01",
      "99999999999999999999",
    ]) {
      expect(await get(loose), loose).toEqual({ status: 404, body: { message: "Not found." } });
    }
    // Writes too: nothing is changed through a loose id.
    const put = await call(
      clientById.action,
      makeRequest("PUT", `/api/clients/0x${client.id.toString(16)}`, {
        token: admin.token,
        body: { name: "Hijacked" },
      }),
      {
        id: `0x${client.id.toString(16)}`,
      },
    );
    expect(statusOf(put)).toBe(404);
  });

  it("answers 400 for a loose stylistId in a query string", async () => {
    const admin = await signedIn("admin");
    const result = await json(
      await call(appointmentsApi.loader, makeRequest("GET", "/api/appointments?stylistId=0x1", { token: admin.token })),
    );
    expect(result.status).toBe(400);
  });
});

describe("dates and ranges", () => {
  it("answers 400 for from/to that are not dates, or out of range, instead of guessing", async () => {
    const admin = await signedIn("admin");
    const list = (query: string) =>
      call(appointmentsApi.loader, makeRequest("GET", `/api/appointments?${query}`, { token: admin.token })).then(json);
    for (const query of [
      "from=1",
      "from=May",
      "to=2026",
      "from=2026-13-01",
      "from=yesterday",
      "from=1999-12-31",
      "to=2999-01-01",
    ]) {
      expect((await list(query)).status, query).toBe(400);
    }
    expect((await list("from=2026-11-23&to=2026-11-24")).status).toBe(200);
    expect((await list("from=2026-11-23T09:00:00Z")).status).toBe(200);
  });

  it("refuses bookings before 2000 or more than a few years ahead", async () => {
    const admin = await signedIn("admin");
    const book = (startTime: string) =>
      call(
        appointmentsApi.action,
        makeRequest("POST", "/api/appointments", {
          token: admin.token,
          body: { stylistId: 1, startTime, status: "blocked" },
        }),
      ).then(json);
    const old = await book("1999-12-31T10:00:00Z");
    expect(old.status).toBe(400);
    expect(old.body.errors.startTime).toContain("Dates must be between 2000 and 5 years from now");
    expect((await book(`${new Date().getUTCFullYear() + 6}-01-05T10:00:00Z`)).status).toBe(400);
  });

  it("answers 400, not 500, for paging parameters outside their range", async () => {
    const admin = await signedIn("admin");
    for (const query of [
      "offset=1e308",
      "offset=5",
      "cursor=1e308",
      "cursor=-1",
      "limit=1e3",
      "limit=0",
      "limit=100000",
    ]) {
      const result = await json(
        await call(clientsApi.loader, makeRequest("GET", `/api/clients?${query}`, { token: admin.token })),
      );
      expect(result.status, query).toBe(400);
    }
    expect(
      (await json(await call(clientsApi.loader, makeRequest("GET", "/api/clients?limit=10", { token: admin.token }))))
        .status,
    ).toBe(200);
  });
});

describe("content types", () => {
  it("answers 415 when a JSON route gets text/plain, instead of reading it as {}", async () => {
    const admin = await signedIn("admin");
    const request = new Request(`${ORIGIN}/api/salon-settings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "text/plain" },
      body: JSON.stringify({ salonName: "Sneaky" }),
    });
    expect(await json(await call(salonSettings.action, request))).toEqual({
      status: 415,
      body: { message: "Send the request body as application/json (or as a form)." },
    });
  });

  it("answers 400 for a broken multipart body, not 500", async () => {
    const admin = await signedIn("admin");
    const request = new Request(`${ORIGIN}/api/clients`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--abc\r\nthis is not multipart",
    });
    expect(await json(await call(clientsApi.action, request))).toEqual({
      status: 400,
      body: { message: "The request body is not a valid form." },
    });
  });
});

describe("deeply nested JSON", () => {
  it("is refused with 400 and a message, not a stack overflow (2,000 levels on /api/login)", async () => {
    const deep = "[".repeat(2_000) + "]".repeat(2_000);
    const request = new Request(`${ORIGIN}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"email":"a@b.test","password":"x","extra":${deep}}`,
    });
    expect(await json(await call(login.action, request))).toEqual({
      status: 400,
      body: { message: NESTED_TOO_DEEPLY },
    });
    const admin = await signedIn("admin");
    const nested = await call(
      clientsApi.action,
      makeRequest("POST", "/api/clients", {
        token: admin.token,
        body: { name: "Deep", phone: "07400 900003", notes: JSON.parse(deep) },
      }),
    ).then(json);
    expect(nested).toEqual({ status: 400, body: { message: NESTED_TOO_DEEPLY } });
  });
});

describe("text fields", () => {
  it("refuses NUL and other control characters", async () => {
    const admin = await signedIn("admin");
    const create = (name: string) =>
      call(
        clientsApi.action,
        makeRequest("POST", "/api/clients", { token: admin.token, body: { name, phone: "07400 900000" } }),
      ).then(json);
    const nul = await create("Robert\u0000'); DROP TABLE clients;--");
    expect(nul).toMatchObject({
      status: 400,
      body: {
        message: "name must not contain control characters",
        errors: { name: ["name must not contain control characters"] },
      },
    });
    expect((await create("Esc\u001b[31mape")).status).toBe(400);
    expect((await create("Plain O'Name")).status).toBe(201);
  });

  it("refuses bidirectional overrides and isolates (U+202E shows a name reversed), in one-line and multi-line text", async () => {
    const admin = await signedIn("admin");
    for (const hidden of ["\u202e", "\u202a", "\u202d", "\u2066", "\u2069", "\u0085"]) {
      const named = await json(
        await call(
          clientsApi.action,
          makeRequest("POST", "/api/clients", {
            token: admin.token,
            body: { name: `Ann${hidden}eb`, phone: "07400 900001" },
          }),
        ),
      );
      expect(named, JSON.stringify(hidden)).toMatchObject({
        status: 400,
        body: { errors: { name: ["name must not contain control characters"] } },
      });
      const noted = await json(
        await call(
          clientsApi.action,
          makeRequest("POST", "/api/clients", {
            token: admin.token,
            body: { name: "Ann Lee", phone: "07400 900001", notes: `line one\nline ${hidden}two` },
          }),
        ),
      );
      expect(noted.status, JSON.stringify(hidden)).toBe(400);
    }
    // Right-to-left names themselves are welcome.
    expect(
      (
        await json(
          await call(
            clientsApi.action,
            makeRequest("POST", "/api/clients", {
              token: admin.token,
              body: { name: "مريم حداد", phone: "07400 900002" },
            }),
          ),
        )
      ).status,
    ).toBe(201);
  });

  it("a name stored before the refusal reaches no SMS with its override", () => {
    const text = renderTemplate("Hi {clientName}, see you {appointmentDate}", {
      clientName: "Ann\u202eeb",
      appointmentDate: "Monday",
      appointmentTime: "",
      serviceName: "",
      stylistName: "",
      salonName: "",
    });
    expect(text).toBe("Hi Anneb, see you Monday");
  });

  it("caps every text field: a stylist cannot give themselves a 200 KB first name", async () => {
    const stylist = await signedIn("stylist");
    const huge = "A".repeat(200_000);
    const result = await call(
      account.action,
      makeRequest("POST", "/settings", {
        cookie: stylist.cookie,
        form: { intent: "profile", firstName: huge, lastName: "Short", email: stylist.user.email },
      }),
    );
    expect(statusOf(result)).toBe(400);
    const [stored] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, stylist.user.id));
    expect(stored!.firstName).not.toBe(huge);

    const admin = await signedIn("admin");
    const client = await json(
      await call(
        clientsApi.action,
        makeRequest("POST", "/api/clients", {
          token: admin.token,
          body: { name: "N", phone: "1", notes: "x".repeat(2001) },
        }),
      ),
    );
    expect(client.status).toBe(400);
    const settings = await json(
      await call(
        salonSettings.action,
        makeRequest("POST", "/api/salon-settings", { token: admin.token, body: { reminderTemplate: "x".repeat(641) } }),
      ),
    );
    expect(settings.status).toBe(400);
  });
});

describe("CSV import through the page", () => {
  it("refuses a file of more rows than the API's cap, writing nothing", async () => {
    const admin = await signedIn("admin");
    const rows = Array.from(
      { length: MAX_IMPORT_ROWS + 1 },
      (_, i) => `Client ${i},07400${String(i).padStart(6, "0")}`,
    );
    const csv = ["name,phone", ...rows].join("\n");
    const before = (await db.select({ id: clients.id }).from(clients)).length;
    await expect(importClientCsv(admin.user, csv)).rejects.toThrow("at most 50,000 clients can be imported at once");
    expect((await db.select({ id: clients.id }).from(clients)).length).toBe(before);
  });
});

describe("open redirect after sign-in", () => {
  it("keeps only same-origin paths: tabs, backslashes and other hosts fall back to /", () => {
    for (const hostile of [
      "/\t/evil.example",
      "/\t\\evil.example",
      "/\\evil.example",
      "//evil.example",
      "/\n/evil.example",
      "https://evil.example",
      "/%09/evil.example/..",
      "javascript:alert(1)",
    ]) {
      const target = safeRedirectPath(hostile);
      expect(new URL(target, "https://salon.example").origin, JSON.stringify(hostile)).toBe("https://salon.example");
    }
    expect(safeRedirectPath("/\t/evil.example")).toBe("/");
    expect(safeRedirectPath("/calendar?date=2026-11-23#top")).toBe("/calendar?date=2026-11-23#top");
  });

  it("GET /auth?redirectTo=%2F%09%2Fevil.example sends a signed-in user home, not away", async () => {
    const { cookie } = await signedIn("stylist");
    for (const redirectTo of ["%2F%09%2Fevil.example", "%2F%09%5Cevil.example", "%2F%5Cevil.example"]) {
      const result = (await call(
        auth.loader,
        makeRequest("GET", `/auth?redirectTo=${redirectTo}`, { cookie }),
      )) as Response;
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe("/");
    }
  });

  it("after signing in through the form, a hostile redirectTo lands on /", async () => {
    const { user } = await signedIn("stylist");
    const result = (await call(
      auth.action,
      makeRequest("POST", "/auth", {
        headers: { Origin: ORIGIN },
        form: { intent: "login", email: user.email, password: "password123", redirectTo: "/\t/evil.example" },
      }),
    )) as Response;
    expect(result.status).toBe(302);
    // Through the cookie check (0035) with no redirectTo left: the hostile target was dropped.
    expect(result.headers.get("Location")).toBe("/auth?signedIn=login");
  });
});
