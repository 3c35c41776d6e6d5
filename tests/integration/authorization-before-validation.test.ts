// Who may write is decided before what was sent is read: a role that may not make a write
// gets 403 whatever its body, never 400/415 from the body's validation (a display account
// creating a user with a short password learns nothing about the password rule). Every
// `/api` write and every page action is enumerated from app/routes, so a new route fails
// here until its roles are written down below, independently of the capability table.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#db/schema";
import { apiRouteFiles } from "../api-route-files";
import { call, makeRequest, signedIn, statusOf } from "../factories";
import { ADMIN, ALL, STAFF, type MatrixActor } from "../permission-matrix";

const ROUTES = join(import.meta.dirname, "..", "..", "app", "routes");

/** Writes any caller may send: signing in and out, first setup, a signed provider webhook, the public booking page. */
const PUBLIC = "public" as const;
type Allowed = Role[] | typeof PUBLIC;

// "METHOD path" → the roles that may make the write at all (record rules aside: a stylist
// editing another stylist's appointment is refused by the domain, after validation).
const API_WRITES: Record<string, Allowed> = {
  "POST /api/appointments": STAFF,
  "PUT /api/appointments/{id}": STAFF,
  "PATCH /api/appointments/{id}": STAFF,
  "DELETE /api/appointments/{id}": STAFF,
  "POST /api/clients": STAFF,
  "PUT /api/clients/{id}": STAFF,
  "DELETE /api/clients/{id}": ADMIN,
  "POST /api/clients/{id}/erasure-request": STAFF,
  "DELETE /api/clients/{id}/erasure-request": STAFF,
  "POST /api/clients/{id}/merge": ADMIN,
  "POST /api/clients/{id}/patch-tests": STAFF,
  "POST /api/clients/bulk-import": ADMIN,
  "DELETE /api/gdpr/erasure/{id}": ADMIN,
  "POST /api/login": PUBLIC,
  "POST /api/logout": PUBLIC,
  "POST /api/setup-admin": PUBLIC,
  "POST /api/sms/inbound/twilio": PUBLIC,
  // The public booking page's writes (no sign-in; the proof of work and limits guard them).
  "POST /api/public/bookings": PUBLIC,
  "POST /api/public/bookings/{token}/cancel": PUBLIC,
  "POST /api/public/bookings/{token}/reschedule": PUBLIC,
  "POST /api/messages": ALL,
  "DELETE /api/messages/{id}": ALL,
  "POST /api/products": ALL,
  "PUT /api/products/{id}": ADMIN,
  // Checkout: a stylist takes payment (for their own appointments: the domain's rule).
  "POST /api/sales": STAFF,
  "POST /api/sales/{id}/refunds": ADMIN,
  "POST /api/cash-ups": ADMIN,
  "PUT /api/stylists/{id}/commission": ADMIN,
  "POST /api/register": ADMIN,
  "POST /api/salon-settings": ADMIN,
  "POST /api/services": ADMIN,
  "POST /api/waitlist": STAFF,
  "DELETE /api/waitlist/{id}": STAFF,
  "PUT /api/services/{id}": ADMIN,
  "PATCH /api/services/{id}": ADMIN,
  // Tried with the step only an administrator may take (see PATH_VALUES).
  "POST /api/shopping-list/{id}/{step}": ADMIN,
  "POST /api/shopping-list": ALL,
  "DELETE /api/shopping-list/{id}": ALL,
  "POST /api/shopping-list/clear-completed": ALL,
  "PUT /api/stylist/availability": STAFF,
  "POST /api/stylist/time-off": STAFF,
  "DELETE /api/stylist/time-off/{id}": STAFF,
  "POST /api/stylists/{id}/calendar-feed": STAFF,
  "DELETE /api/stylists/{id}/calendar-feed": STAFF,
  "POST /api/stylists/{id}/pricing": STAFF,
  "PUT /api/stylists/{id}/sms-preference": ADMIN,
  "PUT /api/stylists/{id}/online-booking": ADMIN,
  "POST /api/online-requests/{id}/{answer}": STAFF,
  "POST /api/test-reminder": ADMIN,
  "POST /api/test-email": ADMIN,
  "PATCH /api/users/{id}": ADMIN,
  "DELETE /api/users/{id}": ADMIN,
  "PATCH /api/users/{id}/change-password": STAFF,
  "PATCH /api/users/{id}/password": ADMIN,
};

// Route file → the roles that may post its forms.
const PAGE_ACTIONS: Record<string, Allowed> = {
  "_app.availability.tsx": STAFF,
  "_app.availability.time-off.new.tsx": STAFF,
  "_app.availability.time-off.$timeOffId.delete.tsx": STAFF,
  "_app.calendar.tsx": STAFF,
  "_app.calendar.appointments.new.tsx": STAFF,
  "_app.calendar.appointments.$appointmentId.tsx": STAFF,
  "_app.checkout.tsx": STAFF,
  "_app.clients.new.tsx": STAFF,
  "_app.clients.$clientId.edit.tsx": STAFF,
  "_app.clients.$clientId.delete.tsx": ADMIN,
  "_app.clients.$clientId.merge.tsx": ADMIN,
  "_app.clients_.$clientId.tsx": STAFF,
  "_app.gdpr.erase.$clientId.tsx": ADMIN,
  "_app.messages.tsx": ALL,
  "_app.pricing.tsx": STAFF,
  "_app.services.new.tsx": ADMIN,
  "_app.services.$serviceId.edit.tsx": ADMIN,
  "_app.settings._index.tsx": STAFF,
  "_app.settings.import.tsx": ADMIN,
  "_app.settings.salon.tsx": ADMIN,
  "_app.settings.online.tsx": ADMIN,
  "_app.settings.backups.tsx": ADMIN,
  "_app.requests.tsx": STAFF,
  "_app.settings.staff._index.tsx": ADMIN,
  "_app.settings.staff.$userId.tsx": ADMIN,
  "_app.shopping-list.tsx": ALL,
  "_app.shopping-list.items.new.tsx": ALL,
  "_app.shopping-list.products.new.tsx": ALL,
  "_app.shopping-list.products.$productId.tsx": ADMIN,
  "_app.reports_.takings.tsx": ADMIN,
  // A stylist may e-mail the receipt of their own sale (the domain's rule, after validation).
  "sales.$saleId.receipt.tsx": STAFF,
  "_app.sms.tsx": ADMIN,
  "_app.waitlist.tsx": STAFF,
  "resources.calendar-panel.ts": ALL,
  "auth.tsx": PUBLIC,
  "logout.tsx": PUBLIC,
  // The booking page, its manage page and a reminder's unsubscribe link: for clients, signed in or not.
  "book._index.tsx": PUBLIC,
  "book.manage.$token.tsx": PUBLIC,
  "unsubscribe.$token.tsx": PUBLIC,
  // A waitlist offer's link: the client books or declines the time held for them.
  "waitlist.offer.$token.tsx": PUBLIC,
};

/** Path parameters: an id that need not exist (the refusal comes first), and the admin-only shopping step. */
const PATH_VALUES: Record<string, string> = { step: "order", answer: "accept" };
const valueOf = (name: string) => PATH_VALUES[name] ?? "1";

// Fields of the wrong type or shape under the names the write schemas use, a short
// password among them; and a query string no write accepts (DELETE reads its scope there).
const WRONG_FIELDS = {
  password: "short",
  newPassword: "x",
  currentPassword: 1,
  email: 42,
  firstName: [],
  name: {},
  role: "owner",
  content: 42,
  clients: "none",
  startTime: "soon",
  dayOfWeek: "Monday",
  scheduleMode: 7,
  serviceId: "one",
  duplicateClientId: "two",
  appointmentId: "three",
  smsRemindersEnabled: "maybe",
  quantity: -1,
  salonName: 42,
};
const BAD_QUERY = "?scope=every-other-tuesday&stylistId=x";

type Body = { label: string; type: string; text: string };
const API_BODIES: Body[] = [
  { label: "fields of the wrong type", type: "application/json", text: JSON.stringify(WRONG_FIELDS) },
  { label: "an empty object", type: "application/json", text: "{}" },
  { label: "a JSON array", type: "application/json", text: "[]" },
  { label: "broken JSON", type: "application/json", text: '{"password":' },
  { label: "a body of another type", type: "text/plain", text: "password=short" },
];
const PAGE_BODIES: Body[] = [
  { label: "an empty form", type: "application/x-www-form-urlencoded", text: "" },
  {
    label: "a form of wrong values",
    type: "application/x-www-form-urlencoded",
    text: new URLSearchParams({
      intent: "nonsense",
      password: "short",
      email: "not-an-e-mail",
      itemId: "x",
      stylistId: "x",
      open: "2",
    }).toString(),
  },
  { label: "a body that is not a form", type: "application/json", text: JSON.stringify(WRONG_FIELDS) },
];

const apiModules = import.meta.glob<{ loader?: unknown; action?: unknown }>("../../app/routes/api.*.ts");
const pageModules = import.meta.glob<{ action?: unknown }>("../../app/routes/*.{ts,tsx}");

const apiWrites = apiRouteFiles().flatMap((route) =>
  route.methods
    .filter((method) => method !== "GET")
    .map((method) => ({ key: `${method} ${route.path}`, method, route })),
);
const pageActionFiles = readdirSync(ROUTES).filter(
  (file) =>
    /\.tsx?$/.test(file) &&
    !file.startsWith("api.") &&
    /export (const|async function) action\b/.test(readFileSync(join(ROUTES, file), "utf8")),
);

const refusedRoles = (allowed: Allowed): Role[] =>
  allowed === PUBLIC ? [] : ALL.filter((role) => !allowed.includes(role));

function withBody(request: Request, body: Body): Request {
  const headers = new Headers(request.headers);
  headers.set("Content-Type", body.type);
  return new Request(request, { headers, body: body.text });
}

describe("authorization before validation", () => {
  const actors = {} as Record<Role, MatrixActor>;
  beforeAll(async () => {
    for (const role of ALL) actors[role] = await signedIn(role);
  });

  it("knows every /api write and every page action (a new one is listed above with its roles)", () => {
    expect(apiWrites.map((write) => write.key).sort()).toEqual(Object.keys(API_WRITES).sort());
    expect([...pageActionFiles].sort()).toEqual(Object.keys(PAGE_ACTIONS).sort());
  });

  const apiCases = apiWrites.flatMap((write) =>
    refusedRoles(API_WRITES[write.key] ?? []).map((role) => [write.key, role, write] as const),
  );
  it.each(apiCases)("%s refuses %s with 403 whatever the body", async (key, role, { method, route }) => {
    const module = await apiModules[`../../app/routes/${route.file}`]!();
    const params = Object.fromEntries(route.params.map((name) => [name, valueOf(name)]));
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => valueOf(name));
    for (const body of API_BODIES) {
      const request = withBody(makeRequest(method, `${path}${BAD_QUERY}`, { token: actors[role].token }), body);
      const result = await call(module.action, request, params);
      expect(statusOf(result), `${key} as ${role} with ${body.label}`).toBe(403);
      expect(await (result as Response).json()).toHaveProperty("message");
    }
  });

  const pageCases = pageActionFiles.flatMap((file) =>
    refusedRoles(PAGE_ACTIONS[file] ?? []).map((role) => [file, role] as const),
  );
  it.each(pageCases)("%s refuses %s with 403 whatever the form", async (file, role) => {
    const module = await pageModules[`../../app/routes/${file}`]!();
    expect(typeof module.action).toBe("function");
    const names = [...file.matchAll(/\$(\w+)/g)].map((match) => match[1]!);
    const params = Object.fromEntries(names.map((name) => [name, valueOf(name)]));
    for (const body of PAGE_BODIES) {
      const request = withBody(makeRequest("POST", `/x${BAD_QUERY}`, { cookie: actors[role].cookie }), body);
      const result = await call(module.action, request, params);
      expect(statusOf(result), `${file} as ${role} with ${body.label}`).toBe(403);
      // A refusal goes to the error boundary, not back to the form.
      expect(result, `${file} as ${role} with ${body.label}`).not.toBeInstanceOf(Response);
    }
  });
});
