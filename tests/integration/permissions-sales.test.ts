// Checkout: every role against every sales route, allowed and refused, plus signed out.
// Stylists take payment (for their own appointments and lines: the domain's rule, tested in
// sales.test.ts) and read their own sales; display accounts never; refunds, takings,
// cash-ups, commission and retail fields are for administrators.
import type { Role } from "#db/schema";
import * as checkoutScreen from "~/routes/_app.checkout";
import * as cashUps from "~/routes/api.cash-ups";
import * as productById from "~/routes/api.products.$id";
import * as commissionReport from "~/routes/api.reports.commission";
import * as takings from "~/routes/api.reports.takings";
import * as saleById from "~/routes/api.sales.$id._index";
import * as refunds from "~/routes/api.sales.$id.refunds";
import * as sales from "~/routes/api.sales._index";
import * as commission from "~/routes/api.stylists.$id.commission";
import * as commissionTab from "~/routes/_app.reports_.commission";
import * as takingsTab from "~/routes/_app.reports_.takings";
import * as productEdit from "~/routes/_app.shopping-list.products.$productId";
import * as receiptPage from "~/routes/sales.$saleId.receipt";
import { signedIn } from "../factories";
import { ADMIN, describePermissionMatrix, fresh, STAFF, type MatrixActor, type MatrixRow } from "../permission-matrix";
import { createService, createStylist, stylistOf } from "../services-factories";
import { createProduct, postSale } from "./sales-helpers";

let seller: Promise<MatrixActor> | undefined;
const admin = () => (seller ??= signedIn("admin"));

/** The actor's own stylist record when they are a stylist, else another stylist's. */
const stylistFor = async (actor: MatrixActor | null) =>
  actor && (actor.user.role as Role) === "stylist" ? stylistOf(actor.user.id) : createStylist();

type SaleTarget = { id: number; stylistId: number; serviceId: number };
const saleFor = async (actor: MatrixActor | null): Promise<SaleTarget> => {
  const stylist = await stylistFor(actor);
  const service = await createService({ price: 1000 });
  const sale = await postSale((await admin()).token, {
    lines: [{ kind: "service", serviceId: service.id, stylistId: stylist.id }],
    payments: [{ method: "card", amount: 1000 }],
  });
  return { id: sale.body.id, stylistId: stylist.id, serviceId: service.id };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  {
    name: "GET /checkout",
    kind: "page",
    handler: checkoutScreen.loader,
    method: "GET",
    path: () => "/checkout",
    allowed: STAFF,
  },
  {
    name: "POST /checkout (a step of the checkout screen)",
    kind: "page",
    handler: checkoutScreen.action,
    method: "POST",
    path: () => "/checkout",
    body: () => ({ intent: "tip-10", key: "matrix-key-1234" }),
    allowed: STAFF,
  },
  {
    name: "GET /api/sales?from=&to=",
    kind: "api",
    handler: sales.loader,
    method: "GET",
    path: () => "/api/sales?from=2026-11-01&to=2026-11-30",
    allowed: STAFF,
  },
  {
    name: "POST /api/sales (own line)",
    kind: "api",
    handler: sales.action,
    method: "POST",
    setup: async (actor) => ({ stylistId: (await stylistFor(actor)).id, serviceId: (await createService()).id }),
    path: () => "/api/sales",
    body: (_, t: { stylistId: number; serviceId: number }) => ({
      lines: [{ kind: "service", serviceId: t.serviceId, stylistId: t.stylistId, price: 500 }],
      payments: [{ method: "cash", amount: 500 }],
    }),
    allowed: STAFF,
  },
  {
    name: "GET /api/sales/{id} (a sale of theirs)",
    kind: "api",
    handler: saleById.loader,
    method: "GET",
    setup: saleFor,
    path: (_, t: SaleTarget) => `/api/sales/${t.id}`,
    params: (_, t: SaleTarget) => ({ id: String(t.id) }),
    allowed: STAFF,
  },
  {
    name: "POST /api/sales/{id}/refunds",
    kind: "api",
    handler: refunds.action,
    method: "POST",
    setup: saleFor,
    path: (_, t: SaleTarget) => `/api/sales/${t.id}/refunds`,
    params: (_, t: SaleTarget) => ({ id: String(t.id) }),
    body: () => ({ amount: 100, method: "cash", reason: "Matrix" }),
    allowed: ADMIN,
  },
  {
    name: "GET /api/reports/takings?date=",
    kind: "api",
    handler: takings.loader,
    method: "GET",
    path: () => "/api/reports/takings?date=2026-11-20",
    allowed: ADMIN,
  },
  {
    name: "POST /api/cash-ups",
    kind: "api",
    handler: cashUps.action,
    method: "POST",
    path: () => "/api/cash-ups",
    body: () => ({ date: "2026-11-20", countedCash: 1000 }),
    allowed: ADMIN,
  },
  {
    name: "GET /api/reports/commission?from=&to=",
    kind: "api",
    handler: commissionReport.loader,
    method: "GET",
    path: () => "/api/reports/commission?from=2026-11-01&to=2026-11-30",
    allowed: ADMIN,
  },
  {
    name: "PUT /api/stylists/{id}/commission",
    kind: "api",
    handler: commission.action,
    method: "PUT",
    setup: stylistFor,
    path: (_, t: { id: number }) => `/api/stylists/${t.id}/commission`,
    params: (_, t: { id: number }) => ({ id: String(t.id) }),
    body: () => ({ serviceRate: 40, productRate: 10 }),
    allowed: ADMIN,
  },
  {
    name: "GET /api/stylists/{other}/commission",
    kind: "api",
    handler: commission.loader,
    method: "GET",
    setup: () => createStylist(),
    path: (_, t: { id: number }) => `/api/stylists/${t.id}/commission`,
    params: (_, t: { id: number }) => ({ id: String(t.id) }),
    allowed: ADMIN,
    // Someone else's rates are "not found", as a missing stylist's are.
    refusedStatus: { stylist: 404, display: 404 },
  },
  {
    name: "PUT /api/products/{id} (retail fields)",
    kind: "api",
    handler: productById.action,
    method: "PUT",
    setup: () => createProduct({ name: `Matrix product ${fresh()}` }),
    path: (_, t: { id: number }) => `/api/products/${t.id}`,
    params: (_, t: { id: number }) => ({ id: String(t.id) }),
    body: () => ({ name: `Matrix product ${fresh()}`, retailPrice: 999, stockQuantity: 3, reorderLevel: 1 }),
    allowed: ADMIN,
  },
  {
    name: "GET /sales/{id}/receipt (a sale of theirs)",
    kind: "page",
    handler: receiptPage.loader,
    method: "GET",
    setup: saleFor,
    path: (_, t: SaleTarget) => `/sales/${t.id}/receipt`,
    params: (_, t: SaleTarget) => ({ saleId: String(t.id) }),
    allowed: STAFF,
  },
  {
    name: "GET /reports/takings",
    kind: "page",
    handler: takingsTab.loader,
    method: "GET",
    path: () => "/reports/takings?date=2026-11-20",
    allowed: ADMIN,
  },
  {
    name: "POST /reports/takings (cash-up)",
    kind: "page",
    handler: takingsTab.action,
    method: "POST",
    path: () => "/reports/takings",
    body: () => ({ intent: "cash-up", date: "2026-11-20", countedCashInPounds: 10 }),
    allowed: ADMIN,
  },
  {
    name: "GET /reports/commission",
    kind: "page",
    handler: commissionTab.loader,
    method: "GET",
    path: () => "/reports/commission?from=2026-11-01&to=2026-11-30",
    allowed: ADMIN,
  },
  {
    name: "POST /shopping-list/products/{id} (retail fields)",
    kind: "page",
    handler: productEdit.action,
    method: "POST",
    setup: () => createProduct({ name: `Matrix product ${fresh()}` }),
    path: (_, t: { id: number }) => `/shopping-list/products/${t.id}`,
    params: (_, t: { id: number }) => ({ productId: String(t.id) }),
    body: () => ({ name: `Matrix product ${fresh()}`, retailPriceInPounds: 9.99, stockQuantity: 3, reorderLevel: 1 }),
    allowed: ADMIN,
  },
];

describePermissionMatrix("permission matrix: checkout", ROWS);
