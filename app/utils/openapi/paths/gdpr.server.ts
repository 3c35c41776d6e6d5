import { z } from "zod";
import {
  AuditEntryView,
  ClientExportView,
  ErasureView,
  GdprClientView,
  GdprOverviewView,
} from "~/lib/schemas/views/gdpr";
import type { AuditEntry, GdprClient, GdprOverview } from "~/domain/gdpr.server";
import { answerFits, type ApiArea } from "../registry.server";

export const gdprArea: ApiArea = {
  tag: "GDPR",
  description: "Data protection (administrators): erasure requests, retention, exports and their audit log.",
  operations: [
    {
      method: "get",
      path: "/api/gdpr/overview",
      summary: "Consent and retention counts",
      answers: { 200: { description: "The GDPR screen's figures.", schema: GdprOverviewView } },
      errors: [403],
    },
    {
      method: "get",
      path: "/api/gdpr/erasure-requests",
      summary: "Pending erasure requests, oldest first",
      paged: true,
      answers: {
        200: { description: "A page of clients who asked to be forgotten.", schema: z.array(GdprClientView) },
      },
      errors: [403],
    },
    {
      method: "get",
      path: "/api/gdpr/clients-for-deletion",
      summary: "Clients past their retention date, longest expired first",
      paged: true,
      answers: { 200: { description: "A page of clients.", schema: z.array(GdprClientView) } },
      errors: [403],
    },
    {
      method: "get",
      path: "/api/gdpr/audit-log",
      summary: "Who exported, erased, deleted or imported what, newest first",
      paged: true,
      answers: { 200: { description: "A page of entries.", schema: z.array(AuditEntryView) } },
      errors: [403],
    },
    {
      method: "get",
      path: "/api/gdpr/export/{id}",
      summary: "Everything held about one client, as a JSON download",
      answers: {
        200: { description: "`client-{id}-export.json` (Content-Disposition: attachment).", schema: ClientExportView },
      },
      errors: [403, 404],
    },
    {
      method: "delete",
      path: "/api/gdpr/erasure/{id}",
      summary: "Erase a client permanently",
      description: "The record and messages go; appointments stay, anonymised, for the salon's figures.",
      answers: { 200: { description: "What was erased.", schema: ErasureView } },
      errors: [403, 404],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof GdprOverviewView, GdprOverview>();
answerFits<typeof GdprClientView, GdprClient>();
answerFits<typeof AuditEntryView, AuditEntry>();
