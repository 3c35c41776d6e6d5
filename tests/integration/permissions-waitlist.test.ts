// The waitlist: every role against its screen, its form and /api/waitlist, allowed and
// refused, plus signed out (decision 0127). A display account sees no waitlist.
import { ADMIN, ALL, describePermissionMatrix, STAFF, type MatrixRow } from "../permission-matrix";
import * as appLayout from "~/routes/_app";
import * as waitlistPage from "~/routes/_app.waitlist";
import * as waitlistById from "~/routes/api.waitlist.$id";
import * as waitlistList from "~/routes/api.waitlist._index";
import * as salonTab from "~/routes/_app.settings.salon";
import { db } from "#db/client.server";
import { waitlistEntries } from "#db/schema";
import { createStylistAndService, createTestClient } from "../clients-factories";

type Target = { id: number; clientId: number; serviceId: number };
const entry = async (): Promise<Target> => {
  const { service } = await createStylistAndService();
  const client = await createTestClient({ name: "Matrix Waiting" });
  const [row] = await db
    .insert(waitlistEntries)
    .values({ clientId: client.id, serviceId: service.id, fromDate: "2030-01-01", toDate: "2030-01-07" })
    .returning();
  return { id: row!.id, clientId: client.id, serviceId: service.id };
};
const body = (_: unknown, t: Target) => ({
  clientId: t.clientId,
  serviceId: t.serviceId,
  from: "2030-02-01",
  to: "2030-02-07",
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  {
    name: "GET /waitlist",
    kind: "page",
    handler: waitlistPage.loader,
    method: "GET",
    path: () => "/waitlist",
    allowed: STAFF,
  },
  {
    name: "POST /waitlist (Add to waitlist)",
    kind: "page",
    handler: waitlistPage.action,
    method: "POST",
    setup: entry,
    path: () => "/waitlist",
    body: (_, t: Target) => ({ intent: "add", ...body(_, t) }),
    allowed: STAFF,
  },
  {
    name: "POST /waitlist (Remove)",
    kind: "page",
    handler: waitlistPage.action,
    method: "POST",
    setup: entry,
    path: () => "/waitlist",
    body: (_, t: Target) => ({ intent: "remove", entryId: t.id }),
    allowed: STAFF,
  },
  {
    name: "GET /api/waitlist",
    kind: "api",
    handler: waitlistList.loader,
    method: "GET",
    path: () => "/api/waitlist",
    allowed: STAFF,
  },
  {
    name: "POST /api/waitlist",
    kind: "api",
    handler: waitlistList.action,
    method: "POST",
    setup: entry,
    path: () => "/api/waitlist",
    body,
    allowed: STAFF,
  },
  {
    name: "GET /api/waitlist/{id}",
    kind: "api",
    handler: waitlistById.loader,
    method: "GET",
    setup: entry,
    path: (_, t: Target) => `/api/waitlist/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: STAFF,
  },
  {
    name: "DELETE /api/waitlist/{id}",
    kind: "api",
    handler: waitlistById.action,
    method: "DELETE",
    setup: entry,
    path: (_, t: Target) => `/api/waitlist/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: STAFF,
  },
  // The shell (with the waitlist badge) for everyone; the waitlist settings with the Salon tab.
  {
    name: "GET / (shell with the waitlist badge)",
    kind: "page",
    handler: appLayout.loader,
    method: "GET",
    path: () => "/",
    allowed: ALL,
  },
  {
    name: "GET /settings/salon (waitlist settings)",
    kind: "page",
    handler: salonTab.loader,
    method: "GET",
    path: () => "/settings/salon",
    allowed: ADMIN,
  },
];

describePermissionMatrix("the waitlist", ROWS);
