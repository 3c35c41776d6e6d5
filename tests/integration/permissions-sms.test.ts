// SMS reminders (SPEC §6: admin only): every role against every SMS page action and API
// route, allowed and refused, plus signed out.
import { describe, expect, it } from "vitest";
import * as smsPage from "~/routes/_app.sms";
import * as logApi from "~/routes/api.sms.log";
import * as statusApi from "~/routes/api.sms.status";
import * as preferenceApi from "~/routes/api.stylists.$id.sms-preference";
import * as testReminderApi from "~/routes/api.test-reminder";
import { call, makeRequest, statusOf } from "../factories";
import { ADMIN, describePermissionMatrix, type MatrixRow } from "../permission-matrix";
import { createStylist } from "../services-factories";

type Target = { id: number };
const stylist = async (): Promise<Target> => ({ id: (await createStylist()).id });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  {
    name: "GET /sms?page=2",
    kind: "page",
    handler: smsPage.loader,
    method: "GET",
    path: () => "/sms?page=2",
    allowed: ADMIN,
  },
  {
    name: "POST /sms (save settings)",
    kind: "page",
    handler: smsPage.action,
    method: "POST",
    path: () => "/sms",
    body: () => ({
      intent: "settings",
      smsProvider: "plivo",
      reminderHoursBefore: "24",
      reminderTemplate: "Hi {clientName}",
    }),
    allowed: ADMIN,
  },
  {
    name: "POST /sms (stylist preference)",
    kind: "page",
    handler: smsPage.action,
    method: "POST",
    setup: stylist,
    path: () => "/sms",
    body: (_, t: Target) => ({ intent: "preference", stylistId: t.id, smsRemindersEnabled: "false" }),
    allowed: ADMIN,
  },
  {
    name: "GET /api/sms/status",
    kind: "api",
    handler: statusApi.loader,
    method: "GET",
    path: () => "/api/sms/status",
    allowed: ADMIN,
  },
  {
    name: "GET /api/sms/log",
    kind: "api",
    handler: logApi.loader,
    method: "GET",
    path: () => "/api/sms/log",
    allowed: ADMIN,
  },
  {
    name: "PUT /api/stylists/{id}/sms-preference",
    kind: "api",
    handler: preferenceApi.action,
    method: "PUT",
    setup: stylist,
    path: (_, t: Target) => `/api/stylists/${t.id}/sms-preference`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    body: () => ({ smsRemindersEnabled: false }),
    allowed: ADMIN,
  },
];

describePermissionMatrix("permission matrix: SMS reminders", ROWS);

describe("POST /api/test-reminder", () => {
  it("refuses stylists, display accounts and the signed out before anything else", async () => {
    const { signedIn } = await import("../factories");
    for (const role of ["stylist", "display"] as const) {
      const { token } = await signedIn(role);
      const response = (await call(
        testReminderApi.action,
        makeRequest("POST", "/api/test-reminder", { token, body: { appointmentId: 1 } }),
      )) as Response;
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "Only administrators can access SMS reminder settings." });
    }
    expect(
      statusOf(
        await call(testReminderApi.action, makeRequest("POST", "/api/test-reminder", { body: { appointmentId: 1 } })),
      ),
    ).toBe(401);
  });
});
