// Reports: administrators and stylists (a stylist's figures are their own, covered in
// reports-api and reports-figures); display accounts get none, signed out nothing (SPEC §6).
import { describePermissionMatrix, STAFF, type MatrixRow } from "../permission-matrix";
import * as reportsPage from "~/routes/_app.reports";
import * as reportsApi from "~/routes/api.reports._index";
import * as exportApi from "~/routes/api.reports.export";

const ROWS: MatrixRow[] = [
  {
    name: "GET /reports",
    kind: "page",
    handler: reportsPage.loader,
    method: "GET",
    path: () => "/reports",
    allowed: STAFF,
  },
  {
    name: "GET /reports?period=custom&from=&to=",
    kind: "page",
    handler: reportsPage.loader,
    method: "GET",
    path: () => "/reports?period=custom&from=2026-10-19&to=2026-10-25",
    allowed: STAFF,
  },
  {
    name: "GET /api/reports?period=year",
    kind: "api",
    handler: reportsApi.loader,
    method: "GET",
    path: () => "/api/reports?period=year",
    allowed: STAFF,
  },
  {
    name: "GET /api/reports/export?period=month",
    kind: "api",
    handler: exportApi.loader,
    method: "GET",
    path: () => "/api/reports/export?period=month",
    allowed: STAFF,
  },
];

describePermissionMatrix("Reports permissions", ROWS);
