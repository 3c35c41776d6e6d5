// Every role against every guarded route, from the allowed and the refused side
// (SPEC §6). The expected roles are written out here, independently of the capability
// table, so a wrong entry in the table fails this test.
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#db/schema";
import * as calendarPage from "~/routes/_app.calendar";
import * as availabilityPage from "~/routes/_app.availability";
import * as clientsPage from "~/routes/_app.clients";
import * as gdprPage from "~/routes/_app.gdpr";
import * as messagesPage from "~/routes/_app.messages";
import * as pricingPage from "~/routes/_app.pricing";
import * as reportsPage from "~/routes/_app.reports";
import * as servicesPage from "~/routes/_app.services";
import * as accountTab from "~/routes/_app.settings._index";
import * as importTab from "~/routes/_app.settings.import";
import * as salonTab from "~/routes/_app.settings.salon";
import * as staffUserPage from "~/routes/_app.settings.staff.$userId";
import * as staffTab from "~/routes/_app.settings.staff._index";
import * as settingsLayout from "~/routes/_app.settings";
import * as shoppingPage from "~/routes/_app.shopping-list";
import * as smsPage from "~/routes/_app.sms";
import * as appLayout from "~/routes/_app";
import * as events from "~/routes/api.events";
import * as register from "~/routes/api.register";
import * as globalSettings from "~/routes/api.salon-settings.global";
import * as salonSettings from "~/routes/api.salon-settings._index";
import * as stylists from "~/routes/api.stylists";
import * as currentUser from "~/routes/api.user";
import * as changePassword from "~/routes/api.users.$id.change-password";
import * as userById from "~/routes/api.users.$id._index";
import * as setPassword from "~/routes/api.users.$id.password";
import * as users from "~/routes/api.users._index";
import { call, createTestUser, makeRequest, PASSWORD, signedIn, statusOf } from "../factories";

const ALL: Role[] = ["admin", "stylist", "display"];
const STAFF: Role[] = ["admin", "stylist"];
const ADMIN: Role[] = ["admin"];

type Actor = Awaited<ReturnType<typeof signedIn>>;
type Row = {
  name: string;
  kind: "page" | "api";
  handler: unknown;
  method: string;
  path: (actor: Actor) => string;
  params?: (actor: Actor) => Record<string, string>;
  body?: (actor: Actor, role: Role) => Record<string, unknown>;
  allowed: Role[];
};

let target: { id: number };
let unique = 0;
const fresh = () => (unique += 1);

const page = (path: string, handler: unknown, allowed: Role[], params?: Row["params"]): Row => ({ name: `GET ${path}`, kind: "page", handler, method: "GET", path: () => path, params, allowed });

const ROWS: Row[] = [
  page("/ (shell)", appLayout.loader, ALL),
  page("/calendar", calendarPage.loader, ALL),
  page("/clients", clientsPage.loader, ALL),
  page("/services", servicesPage.loader, ALL),
  page("/shopping-list", shoppingPage.loader, ALL),
  page("/messages", messagesPage.loader, ALL),
  page("/pricing", pricingPage.loader, STAFF),
  page("/reports", reportsPage.loader, STAFF),
  page("/availability", availabilityPage.loader, STAFF),
  page("/settings", settingsLayout.loader, STAFF),
  page("/settings (account)", accountTab.loader, STAFF),
  page("/settings/salon", salonTab.loader, ADMIN),
  page("/settings/staff", staffTab.loader, ADMIN),
  page("/settings/import", importTab.loader, ADMIN),
  page("/sms", smsPage.loader, ADMIN),
  page("/gdpr", gdprPage.loader, ADMIN),
  { ...page("/settings/staff/:id", staffUserPage.loader, ADMIN, () => ({ userId: String(target.id) })), path: () => `/settings/staff/${target.id}` },
  {
    name: "POST /settings/salon (Save All Settings)",
    kind: "page",
    handler: salonTab.action,
    method: "POST",
    path: () => "/settings/salon",
    body: () => ({ salonName: "Matrix Salon", openTime: "09:00", closeTime: "18:00", bookingAdvanceLimit: "30", cancellationNotice: "24", timeZone: "Europe/London", smsProvider: "twilio", reminderHoursBefore: "24" }),
    allowed: ADMIN,
  },
  {
    name: "POST /settings/staff (create account)",
    kind: "page",
    handler: staffTab.action,
    method: "POST",
    path: () => "/settings/staff",
    body: () => ({ firstName: "New", lastName: "Person", email: `new${fresh()}@salon.test`, password: "secret1", role: "stylist" }),
    allowed: ADMIN,
  },
  {
    name: "POST /settings/staff/:id (edit)",
    kind: "page",
    handler: staffUserPage.action,
    method: "POST",
    path: () => `/settings/staff/${target.id}`,
    params: () => ({ userId: String(target.id) }),
    body: () => ({ intent: "update", firstName: "Target", lastName: "User", email: "target@salon.test", role: "stylist", isActive: "on" }),
    allowed: ADMIN,
  },
  {
    name: "POST /settings (own details)",
    kind: "page",
    handler: accountTab.action,
    method: "POST",
    path: () => "/settings",
    body: (actor) => ({ intent: "profile", firstName: "Own", lastName: "Name", email: actor.user.email }),
    allowed: STAFF,
  },
  { name: "GET /api/user", kind: "api", handler: currentUser.loader, method: "GET", path: () => "/api/user", allowed: ALL },
  { name: "GET /api/salon-settings/global", kind: "api", handler: globalSettings.loader, method: "GET", path: () => "/api/salon-settings/global", allowed: ALL },
  { name: "GET /api/stylists", kind: "api", handler: stylists.loader, method: "GET", path: () => "/api/stylists", allowed: ALL },
  { name: "GET /api/salon-settings", kind: "api", handler: salonSettings.loader, method: "GET", path: () => "/api/salon-settings", allowed: ADMIN },
  { name: "POST /api/salon-settings", kind: "api", handler: salonSettings.action, method: "POST", path: () => "/api/salon-settings", body: () => ({ salonName: "Matrix" }), allowed: ADMIN },
  { name: "GET /api/users", kind: "api", handler: users.loader, method: "GET", path: () => "/api/users", allowed: ADMIN },
  {
    name: "POST /api/register",
    kind: "api",
    handler: register.action,
    method: "POST",
    path: () => "/api/register",
    body: () => ({ firstName: "Api", lastName: "Made", email: `api${fresh()}@salon.test`, password: "secret1" }),
    allowed: ADMIN,
  },
  {
    name: "PATCH /api/users/{id}",
    kind: "api",
    handler: userById.action,
    method: "PATCH",
    path: () => `/api/users/${target.id}`,
    params: () => ({ id: String(target.id) }),
    body: () => ({ firstName: "Patched" }),
    allowed: ADMIN,
  },
  {
    name: "PATCH /api/users/{id}/password",
    kind: "api",
    handler: setPassword.action,
    method: "PATCH",
    path: () => `/api/users/${target.id}/password`,
    params: () => ({ id: String(target.id) }),
    body: () => ({ password: "secret1" }),
    allowed: ADMIN,
  },
  {
    name: "PATCH /api/users/{own id}/change-password",
    kind: "api",
    handler: changePassword.action,
    method: "PATCH",
    path: (actor) => `/api/users/${actor.user.id}/change-password`,
    params: (actor) => ({ id: String(actor.user.id) }),
    body: () => ({ currentPassword: PASSWORD, newPassword: "secret12" }),
    allowed: STAFF,
  },
  {
    name: "DELETE /api/users/{id}",
    kind: "api",
    handler: userById.action,
    method: "DELETE",
    path: () => `/api/users/${target.id}`,
    params: () => ({ id: String(target.id) }),
    allowed: ADMIN,
  },
];

async function run(row: Row, actor: Actor | null, role: Role | null) {
  // Each attempt gets its own target, so an allowed delete does not hide a later refusal.
  target = await createTestUser("stylist");
  const options: Parameters<typeof makeRequest>[2] = {};
  if (actor) {
    if (row.kind === "api") options.token = actor.token;
    else options.cookie = actor.cookie;
  }
  const body = actor && row.body ? row.body(actor, role!) : row.body ? {} : undefined;
  if (body) {
    if (row.kind === "api") options.body = body;
    else options.form = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
  }
  const placeholder = { user: { id: 0 } } as Actor;
  const request = makeRequest(row.method, row.path(actor ?? placeholder), options);
  const result = await call(row.handler, request, row.params?.(actor ?? placeholder) ?? {});
  if (row.handler === events.loader && result instanceof Response) await result.body?.cancel();
  return result;
}

describe("permission matrix", () => {
  const actors = {} as Record<Role, Actor>;
  beforeAll(async () => {
    for (const role of ALL) actors[role] = await signedIn(role);
  });

  for (const row of ROWS) {
    for (const role of ALL) {
      const allowed = row.allowed.includes(role);
      it(`${row.name} is ${allowed ? "allowed" : "refused"} for ${role}`, async () => {
        // Fresh actors for writes that could change the actor itself (password, details).
        const actor = row.method === "GET" ? actors[role] : await signedIn(role);
        const result = await run(row, actor, role);
        const status = statusOf(result);
        if (allowed) {
          expect(status, `${row.name} as ${role}`).toBeLessThan(400);
          if (row.kind === "api" && result instanceof Response && status === 200) expect(result.headers.get("Content-Type")).toMatch(/json|event-stream/);
        } else {
          expect(status, `${row.name} as ${role}`).toBe(403);
          if (row.kind === "api") expect(await (result as Response).json()).toHaveProperty("message");
          else expect(result).not.toBeInstanceOf(Response);
        }
      });
    }
    it(`${row.name} sends signed-out visitors to sign in`, async () => {
      const result = await run(row, null, null);
      if (row.kind === "api") {
        expect(statusOf(result)).toBe(401);
      } else {
        expect(statusOf(result)).toBe(302);
        expect((result as Response).headers.get("Location")).toMatch(/^\/auth(\?redirectTo=|$)/);
      }
    });
  }

  it("GET /api/events streams for every signed-in role and refuses signed-out callers", async () => {
    for (const role of ALL) {
      const response = (await call(events.loader, makeRequest("GET", "/api/events", { token: actors[role].token }))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("text/event-stream");
      await response.body?.cancel();
    }
    expect(statusOf(await call(events.loader, makeRequest("GET", "/api/events")))).toBe(401);
  });
});
