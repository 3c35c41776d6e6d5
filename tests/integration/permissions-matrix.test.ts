// Every role against every guarded route, from the allowed and the refused side
// (SPEC §6). The expected roles are written out here, independently of the capability
// table, so a wrong entry in the table fails this test.
import { describe, expect, it } from "vitest";
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
import { ADMIN, ALL, describePermissionMatrix, fresh, pageRow, STAFF, type MatrixRow } from "../permission-matrix";

const newTarget = async () => ({ id: (await createTestUser("stylist")).id });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  pageRow("/ (shell)", appLayout.loader, ALL),
  pageRow("/calendar", calendarPage.loader, ALL),
  pageRow("/clients", clientsPage.loader, ALL),
  pageRow("/services", servicesPage.loader, ALL),
  pageRow("/shopping-list", shoppingPage.loader, ALL),
  pageRow("/messages", messagesPage.loader, ALL),
  pageRow("/pricing", pricingPage.loader, STAFF),
  pageRow("/reports", reportsPage.loader, STAFF),
  pageRow("/availability", availabilityPage.loader, STAFF),
  pageRow("/settings", settingsLayout.loader, STAFF),
  pageRow("/settings (account)", accountTab.loader, STAFF),
  pageRow("/settings/salon", salonTab.loader, ADMIN),
  pageRow("/settings/staff", staffTab.loader, ADMIN),
  pageRow("/settings/import", importTab.loader, ADMIN),
  pageRow("/sms", smsPage.loader, ADMIN),
  pageRow("/gdpr", gdprPage.loader, ADMIN),
  {
    name: "GET /settings/staff/:id",
    kind: "page",
    handler: staffUserPage.loader,
    method: "GET",
    setup: newTarget,
    path: (_, t: { id: number }) => `/settings/staff/${t.id}`,
    params: (_, t: { id: number }) => ({ userId: String(t.id) }),
    allowed: ADMIN,
  },
  {
    name: "POST /settings/salon (Save All Settings)",
    kind: "page",
    handler: salonTab.action,
    method: "POST",
    path: () => "/settings/salon",
    body: () => ({
      salonName: "Matrix Salon",
      openTime: "09:00",
      closeTime: "18:00",
      bookingAdvanceLimit: "30",
      cancellationNotice: "24",
      timeZone: "Europe/London",
      smsProvider: "twilio",
      reminderHoursBefore: "24",
    }),
    allowed: ADMIN,
  },
  {
    name: "POST /settings/staff (create account)",
    kind: "page",
    handler: staffTab.action,
    method: "POST",
    path: () => "/settings/staff",
    body: () => ({
      firstName: "New",
      lastName: "Person",
      email: `new${fresh()}@salon.test`,
      password: "secret-pass-1",
      role: "stylist",
    }),
    allowed: ADMIN,
  },
  {
    name: "POST /settings/staff/:id (edit)",
    kind: "page",
    handler: staffUserPage.action,
    method: "POST",
    setup: newTarget,
    path: (_, t: { id: number }) => `/settings/staff/${t.id}`,
    params: (_, t: { id: number }) => ({ userId: String(t.id) }),
    body: () => ({
      intent: "update",
      firstName: "Target",
      lastName: "User",
      email: "target@salon.test",
      role: "stylist",
      isActive: "on",
    }),
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
  {
    name: "GET /api/user",
    kind: "api",
    handler: currentUser.loader,
    method: "GET",
    path: () => "/api/user",
    allowed: ALL,
  },
  {
    name: "GET /api/salon-settings/global",
    kind: "api",
    handler: globalSettings.loader,
    method: "GET",
    path: () => "/api/salon-settings/global",
    allowed: ALL,
  },
  {
    name: "GET /api/stylists",
    kind: "api",
    handler: stylists.loader,
    method: "GET",
    path: () => "/api/stylists",
    allowed: ALL,
  },
  {
    name: "GET /api/salon-settings",
    kind: "api",
    handler: salonSettings.loader,
    method: "GET",
    path: () => "/api/salon-settings",
    allowed: ADMIN,
  },
  {
    name: "POST /api/salon-settings",
    kind: "api",
    handler: salonSettings.action,
    method: "POST",
    path: () => "/api/salon-settings",
    body: () => ({ salonName: "Matrix" }),
    allowed: ADMIN,
  },
  {
    name: "GET /api/users",
    kind: "api",
    handler: users.loader,
    method: "GET",
    path: () => "/api/users",
    allowed: ADMIN,
  },
  {
    name: "POST /api/register",
    kind: "api",
    handler: register.action,
    method: "POST",
    path: () => "/api/register",
    body: () => ({ firstName: "Api", lastName: "Made", email: `api${fresh()}@salon.test`, password: "secret-pass-1" }),
    allowed: ADMIN,
  },
  {
    name: "PATCH /api/users/{id}",
    kind: "api",
    handler: userById.action,
    method: "PATCH",
    setup: newTarget,
    path: (_, t: { id: number }) => `/api/users/${t.id}`,
    params: (_, t: { id: number }) => ({ id: String(t.id) }),
    body: () => ({ firstName: "Patched" }),
    allowed: ADMIN,
  },
  {
    name: "PATCH /api/users/{id}/password",
    kind: "api",
    handler: setPassword.action,
    method: "PATCH",
    setup: newTarget,
    path: (_, t: { id: number }) => `/api/users/${t.id}/password`,
    params: (_, t: { id: number }) => ({ id: String(t.id) }),
    body: () => ({ password: "secret-pass-1" }),
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
    setup: newTarget,
    path: (_, t: { id: number }) => `/api/users/${t.id}`,
    params: (_, t: { id: number }) => ({ id: String(t.id) }),
    allowed: ADMIN,
  },
];

describePermissionMatrix("permission matrix: foundation", ROWS);

describe("GET /api/events", () => {
  it("streams for every signed-in role and refuses signed-out callers", async () => {
    for (const role of ALL) {
      const { token } = await signedIn(role);
      const response = (await call(events.loader, makeRequest("GET", "/api/events", { token }))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("text/event-stream");
      await response.body?.cancel();
    }
    expect(statusOf(await call(events.loader, makeRequest("GET", "/api/events")))).toBe(401);
  });
});
