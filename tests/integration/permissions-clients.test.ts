// Clients, client import and GDPR: every guarded page, action and API route for every
// role, allowed and refused, and signed out. Expected roles are written out here,
// independently of the capability table (SPEC §6; GDPR admin-only, decision 0023).
import * as deleteDialog from "~/routes/_app.clients.$clientId.delete";
import * as editDialog from "~/routes/_app.clients.$clientId.edit";
import * as profilePage from "~/routes/_app.clients_.$clientId";
import * as mergeDialog from "~/routes/_app.clients.$clientId.merge";
import * as clientMerge from "~/routes/api.clients.$id.merge";
import * as patchTestsApi from "~/routes/api.clients.$id.patch-tests";
import * as newDialog from "~/routes/_app.clients.new";
import * as eraseDialog from "~/routes/_app.gdpr.erase.$clientId";
import * as gdprPage from "~/routes/_app.gdpr";
import * as importTab from "~/routes/_app.settings.import";
import * as erasureRequest from "~/routes/api.clients.$id.erasure-request";
import * as clientById from "~/routes/api.clients.$id._index";
import * as bulkImport from "~/routes/api.clients.bulk-import";
import * as clientList from "~/routes/api.clients._index";
import * as clientsPage from "~/routes/_app.clients";
import * as clientSearch from "~/routes/resources.client-search";
import * as auditApi from "~/routes/api.gdpr.audit-log";
import * as forDeletion from "~/routes/api.gdpr.clients-for-deletion";
import * as erasureApi from "~/routes/api.gdpr.erasure.$id";
import * as erasureRequests from "~/routes/api.gdpr.erasure-requests";
import * as exportApi from "~/routes/api.gdpr.export.$id";
import * as overviewApi from "~/routes/api.gdpr.overview";
import * as template from "~/routes/settings.import.client-import-template[.]csv";
import { createTestClient } from "../clients-factories";
import {
  ADMIN,
  ALL,
  describeFieldMatrix,
  describePermissionMatrix,
  fresh,
  STAFF,
  type FieldRow,
  type MatrixRow,
} from "../permission-matrix";

type Target = { id: number };
const newClient = async (): Promise<Target> => ({ id: (await createTestClient()).id });
type Pair = Target & { otherId: number };
const twoClients = async (): Promise<Pair> => ({
  id: (await createTestClient()).id,
  otherId: (await createTestClient()).id,
});
const clientForm = () => ({
  name: `Matrix ${fresh()}`,
  phone: `07400 5${String(fresh()).padStart(5, "0")}`,
  consentType: "service",
  legalBasis: "consent",
  isActive: "on",
  gdprConsent: "on",
});

function pageRow(
  name: string,
  handler: unknown,
  method: string,
  path: (t: Target) => string,
  allowed: MatrixRow["allowed"],
  body?: () => Record<string, unknown>,
): MatrixRow<Target> {
  return {
    name,
    kind: "page",
    handler,
    method,
    setup: newClient,
    path: (_, t) => path(t),
    params: (_, t) => ({ clientId: String(t.id) }),
    body: body ? () => body() : undefined,
    allowed,
  };
}

function apiRow(
  name: string,
  handler: unknown,
  method: string,
  path: (t: Target) => string,
  allowed: MatrixRow["allowed"],
  body?: () => Record<string, unknown>,
): MatrixRow<Target> {
  return {
    name,
    kind: "api",
    handler,
    method,
    setup: newClient,
    path: (_, t) => path(t),
    params: (_, t) => ({ id: String(t.id) }),
    body: body ? () => body() : undefined,
    allowed,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  pageRow("GET /clients/new", newDialog.loader, "GET", () => "/clients/new", STAFF),
  pageRow("POST /clients/new (Add Client)", newDialog.action, "POST", () => "/clients/new", STAFF, clientForm),
  pageRow("GET /clients/:id (client profile)", profilePage.loader, "GET", (t) => `/clients/${t.id}`, STAFF),
  pageRow("GET /clients/:id/edit", editDialog.loader, "GET", (t) => `/clients/${t.id}/edit`, STAFF),
  pageRow(
    "POST /clients/:id/edit (Update Client)",
    editDialog.action,
    "POST",
    (t) => `/clients/${t.id}/edit`,
    STAFF,
    clientForm,
  ),
  pageRow(
    "POST /clients/:id/edit (Record Erasure Request)",
    editDialog.action,
    "POST",
    (t) => `/clients/${t.id}/edit`,
    STAFF,
    () => ({ intent: "request-erasure" }),
  ),
  pageRow("GET /clients/:id/delete", deleteDialog.loader, "GET", (t) => `/clients/${t.id}/delete`, ADMIN),
  pageRow(
    "POST /clients/:id/delete (Delete Client)",
    deleteDialog.action,
    "POST",
    (t) => `/clients/${t.id}/delete`,
    ADMIN,
    () => ({}),
  ),
  pageRow("GET /clients/:id/merge", mergeDialog.loader, "GET", (t) => `/clients/${t.id}/merge?find=Client`, ADMIN),
  {
    ...pageRow(
      "POST /clients/:id/merge (Merge Clients)",
      mergeDialog.action,
      "POST",
      (t) => `/clients/${t.id}/merge`,
      ADMIN,
    ),
    setup: twoClients,
    body: (_, t: Pair) => ({ otherClientId: t.otherId, keep: "this" }),
  },
  pageRow("GET /gdpr?tab=retention", gdprPage.loader, "GET", () => "/gdpr?tab=retention", ADMIN),
  pageRow("GET /gdpr?tab=exports", gdprPage.loader, "GET", () => "/gdpr?tab=exports", ADMIN),
  pageRow("GET /gdpr/erase/:id", eraseDialog.loader, "GET", (t) => `/gdpr/erase/${t.id}`, ADMIN),
  pageRow(
    "POST /gdpr/erase/:id (Confirm Erasure)",
    eraseDialog.action,
    "POST",
    (t) => `/gdpr/erase/${t.id}`,
    ADMIN,
    () => ({}),
  ),
  pageRow(
    "POST /settings/import (import)",
    importTab.action,
    "POST",
    () => "/settings/import",
    ADMIN,
    () => ({ intent: "import", csv: `name\nImported Matrix ${fresh()}\n` }),
  ),
  pageRow(
    "GET /settings/import/client-import-template.csv",
    template.loader,
    "GET",
    () => "/settings/import/client-import-template.csv",
    ADMIN,
  ),

  apiRow("GET /api/clients", clientList.loader, "GET", () => "/api/clients?limit=5", ALL),
  apiRow(
    "POST /api/clients",
    clientList.action,
    "POST",
    () => "/api/clients",
    STAFF,
    () => ({ name: `Api ${fresh()}`, phone: `07400 6${String(fresh()).padStart(5, "0")}` }),
  ),
  apiRow("GET /api/clients/{id}", clientById.loader, "GET", (t) => `/api/clients/${t.id}`, ALL),
  apiRow(
    "PUT /api/clients/{id}",
    clientById.action,
    "PUT",
    (t) => `/api/clients/${t.id}`,
    STAFF,
    () => ({ notes: "Matrix edit" }),
  ),
  apiRow("DELETE /api/clients/{id}", clientById.action, "DELETE", (t) => `/api/clients/${t.id}`, ADMIN),
  apiRow(
    "GET /api/clients/{id}/patch-tests",
    patchTestsApi.loader,
    "GET",
    (t) => `/api/clients/${t.id}/patch-tests`,
    STAFF,
  ),
  apiRow(
    "POST /api/clients/{id}/patch-tests",
    patchTestsApi.action,
    "POST",
    (t) => `/api/clients/${t.id}/patch-tests`,
    STAFF,
    () => ({ testedAt: "2026-01-05T10:00:00Z", result: "pass" }),
  ),
  pageRow(
    "POST /clients/:id (Record patch test)",
    profilePage.action,
    "POST",
    (t) => `/clients/${t.id}`,
    STAFF,
    () => ({ intent: "patch-test", date: "2026-01-05", time: "10:00", result: "pass" }),
  ),
  apiRow(
    "POST /api/clients/bulk-import",
    bulkImport.action,
    "POST",
    () => "/api/clients/bulk-import",
    ADMIN,
    () => ({ clients: [{ name: `Bulk ${fresh()}` }] }),
  ),
  {
    ...apiRow("POST /api/clients/{id}/merge", clientMerge.action, "POST", (t) => `/api/clients/${t.id}/merge`, ADMIN),
    setup: twoClients,
    body: (_, t: Pair) => ({ duplicateClientId: t.otherId }),
  },
  apiRow(
    "POST /api/clients/{id}/erasure-request",
    erasureRequest.action,
    "POST",
    (t) => `/api/clients/${t.id}/erasure-request`,
    STAFF,
  ),
  apiRow(
    "DELETE /api/clients/{id}/erasure-request",
    erasureRequest.action,
    "DELETE",
    (t) => `/api/clients/${t.id}/erasure-request`,
    STAFF,
  ),
  apiRow("GET /api/gdpr/overview", overviewApi.loader, "GET", () => "/api/gdpr/overview", ADMIN),
  apiRow(
    "GET /api/gdpr/clients-for-deletion",
    forDeletion.loader,
    "GET",
    () => "/api/gdpr/clients-for-deletion",
    ADMIN,
  ),
  apiRow("GET /api/gdpr/erasure-requests", erasureRequests.loader, "GET", () => "/api/gdpr/erasure-requests", ADMIN),
  apiRow("GET /api/gdpr/audit-log", auditApi.loader, "GET", () => "/api/gdpr/audit-log", ADMIN),
  apiRow("GET /api/gdpr/export/{id}", exportApi.loader, "GET", (t) => `/api/gdpr/export/${t.id}`, ADMIN),
  apiRow("DELETE /api/gdpr/erasure/{id}", erasureApi.action, "DELETE", (t) => `/api/gdpr/erasure/${t.id}`, ADMIN),
];

describePermissionMatrix("permission matrix: clients, import and GDPR", ROWS);

// "clients.contact": every role reads the client book; phone, e-mail, notes and the other
// personal details are in the answer for admins and stylists only (decision 0055).
type Named = { id: number; name: string };
const PERSONAL = [
  "phone",
  "email",
  "notes",
  "address",
  "birthday",
  "consentDate",
  "consentType",
  "legalBasis",
  "dataRetentionDate",
  "erasureRequestedAt",
];
const fullClient = async (): Promise<Named> => {
  const n = fresh();
  const { id, name } = await createTestClient({
    name: `Contact Matrix${n}`,
    notes: "Allergic to latex",
    address: "1 High Street",
    birthday: "1990-05-01",
  });
  return { id, name };
};
const mine = (list: unknown, t: Named) => (list as Record<string, unknown>[]).filter((client) => client.id === t.id);
const CONTACT_ROWS: FieldRow<Named>[] = [
  {
    name: "GET /clients",
    kind: "page",
    handler: clientsPage.loader,
    setup: fullClient,
    path: (_, t) => `/clients?q=${encodeURIComponent(t.name)}`,
    records: (answer, t) => mine((answer as { clients: unknown }).clients, t),
    fields: PERSONAL,
    shownTo: STAFF,
  },
  {
    name: "GET /api/clients",
    kind: "api",
    handler: clientList.loader,
    setup: fullClient,
    path: (_, t) => `/api/clients?q=${encodeURIComponent(t.name)}`,
    records: mine,
    fields: PERSONAL,
    shownTo: STAFF,
  },
  {
    name: "GET /api/clients/{id}",
    kind: "api",
    handler: clientById.loader,
    setup: fullClient,
    path: (_, t) => `/api/clients/${t.id}`,
    params: (_, t) => ({ id: String(t.id) }),
    records: (answer, t) => mine([answer], t),
    fields: PERSONAL,
    shownTo: STAFF,
  },
  {
    name: "GET /resources/client-search",
    kind: "api",
    handler: clientSearch.loader,
    setup: fullClient,
    path: (_, t) => `/resources/client-search?q=${encodeURIComponent(t.name)}`,
    records: mine,
    fields: ["phone", "email"],
    shownTo: STAFF,
  },
];

describeFieldMatrix("permission matrix: clients' contact details", CONTACT_ROWS);
