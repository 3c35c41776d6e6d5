import { z } from "zod";
import {
  BulkImportSchema,
  ClientInputSchema,
  ClientMergeSchema,
  ClientSearchQuerySchema,
  ClientUpdateSchema,
  SharedContactConfirmSchema,
} from "~/lib/schemas/clients";
import {
  ClientDetailView,
  ClientImportView,
  ClientListItemView,
  ClientMergeView,
  ClientView,
  ErasureRequestView,
  PatchTestView,
} from "~/lib/schemas/views/clients";
import { PatchTestApiSchema } from "~/lib/schemas/patch-tests";
import type { PatchTest } from "~/domain/patch-tests.server";
import { messageWith } from "~/lib/schemas/views/common";
import type { MergeResult } from "~/domain/client-merge.server";
import type { ImportResult } from "~/domain/client-import.server";
import type { Client, VisibleClient } from "~/domain/clients.server";
import type { clientWithFigures } from "~/domain/client-profile.server";
import { answerFits, type ApiArea } from "../registry.server";

export const clientsArea: ApiArea = {
  tag: "Clients",
  description:
    "The client records. One record per client: a phone or e-mail already on file is 409 with `existingClientId` and `reason`, unless the body confirms a client sharing it (`confirm: true`).",
  operations: [
    {
      method: "get",
      path: "/api/clients",
      summary: "Clients in name order, optionally searched",
      query: ClientSearchQuerySchema.partial(),
      paged: true,
      answers: { 200: { description: "A page of clients.", schema: z.array(ClientListItemView) } },
    },
    {
      method: "post",
      path: "/api/clients",
      summary: "Add a client",
      body: ClientInputSchema.merge(SharedContactConfirmSchema),
      answers: { 201: { description: "The new client.", schema: ClientView } },
      errors: [400, 403, 409],
    },
    {
      method: "get",
      path: "/api/clients/{id}",
      summary: "One client",
      answers: {
        200: {
          description: "The client, with the profile's figures for admins and stylists.",
          schema: ClientDetailView,
        },
      },
      errors: [404],
    },
    {
      method: "put",
      path: "/api/clients/{id}",
      summary: "Change a client: the fields sent; the others keep their stored values",
      body: ClientUpdateSchema.merge(SharedContactConfirmSchema),
      answers: { 200: { description: "The client as saved.", schema: ClientView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "delete",
      path: "/api/clients/{id}",
      summary: "Delete a client and their appointments",
      answers: { 200: { description: "Deleted.", schema: messageWith({ appointmentsDeleted: z.number().int() }) } },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/clients/{id}/erasure-request",
      summary: "Record the client's request to be forgotten",
      answers: { 200: { description: "When it was requested.", schema: ErasureRequestView } },
      errors: [403, 404],
    },
    {
      method: "delete",
      path: "/api/clients/{id}/erasure-request",
      summary: "Withdraw the client's erasure request",
      answers: { 200: { description: "No request any more (`erasureRequestDate` null).", schema: ErasureRequestView } },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/clients/{id}/merge",
      summary: "Merge a duplicate into this client (administrators)",
      description:
        "The duplicate's appointments, messages, consent and notes move to client {id} and its record is removed.",
      body: ClientMergeSchema,
      answers: { 200: { description: "The kept client and what moved.", schema: ClientMergeView } },
      errors: [400, 403, 404],
    },
    {
      method: "get",
      path: "/api/clients/{id}/patch-tests",
      summary: "The client's patch tests, newest first",
      description:
        "Administrators and stylists. Tests are never changed or deleted, only added; they go with the client.",
      answers: { 200: { description: "The client's tests.", schema: z.array(PatchTestView) } },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/clients/{id}/patch-tests",
      summary: "Record a patch test done on the client",
      description:
        "Recorded by the signed-in user (administrators and stylists); `testedAt` is not in the future. A booking of a service with `requiresPatchTest` needs a passed test at least its `patchTestLeadHours` before the start and at most `patchTestValidDays` old.",
      body: PatchTestApiSchema,
      answers: { 201: { description: "The recorded test.", schema: PatchTestView } },
      errors: [400, 403, 404],
    },
    {
      method: "post",
      path: "/api/clients/bulk-import",
      summary: "Import many clients at once",
      description:
        "Each row is checked like a new client; invalid rows and duplicates are counted and skipped, the others imported.",
      body: BulkImportSchema,
      answers: { 200: { description: "What was imported and why rows were not.", schema: ClientImportView } },
      errors: [400, 403],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof ClientView, Client>();
answerFits<typeof ClientListItemView, VisibleClient>();
answerFits<typeof ClientDetailView, Awaited<ReturnType<typeof clientWithFigures>>>();
answerFits<typeof ClientMergeView, MergeResult>();
answerFits<typeof ClientImportView, ImportResult>();
answerFits<typeof PatchTestView, PatchTest>();
