import { z } from "zod";
import { CLIENT_DETAIL_FIELDS, CONSENT_TYPES, LEGAL_BASES, PATCH_TEST_RESULTS } from "#db/enums";
import { SaleView } from "./sales";
import { CalendarDate, Id, Instant, messageWith, named } from "./common";

export const GdprOverviewView = named(
  "GdprOverview",
  z
    .object({
      totalClients: z.number().int(),
      activeConsents: z.number().int(),
      pendingErasure: z.number().int(),
      expiredRetention: z.number().int(),
      legalBasisBreakdown: z
        .object(
          Object.fromEntries(LEGAL_BASES.map((basis) => [basis, z.number().int()])) as Record<
            (typeof LEGAL_BASES)[number],
            z.ZodNumber
          >,
        )
        .strict(),
    })
    .strict(),
);

/** An erasure request or a client past retention (SPEC §3). */
export const GdprClientView = named(
  "GdprClient",
  z
    .object({
      id: Id,
      name: z.string(),
      email: z.string().nullable(),
      erasureRequestDate: Instant.nullable(),
      dataRetentionDate: Instant.nullable(),
    })
    .strict(),
);

export const AuditEntryView = named(
  "AuditEntry",
  z
    .object({
      id: Id,
      action: z.string().describe("e.g. client.export, client.erase, clients.import"),
      entityId: Id.nullable(),
      details: z.record(z.unknown()).nullable().describe("Ids and counts only."),
      createdAt: Instant,
      actor: z.string().nullable(),
    })
    .strict(),
);

export const ErasureView = named(
  "Erasure",
  messageWith({
    appointmentsAnonymised: z.number().int(),
    messagesDeleted: z.number().int(),
    mentionsRedacted: z.number().int(),
    historyEntriesScrubbed: z
      .number()
      .int()
      .describe("Appointment history entries whose client link and notes were erased."),
    salesAnonymised: z.number().int().describe("Sales that keep their amounts but lost the client's link and name."),
    patchTestsDeleted: z.number().int().describe("The client's patch tests, deleted with them."),
    walEmptied: z.boolean(),
    purge: z.string(),
  }),
);

/** `GET /api/gdpr/export/{id}`: everything held about the client (a download). */
export const ClientExportView = named(
  "ClientExport",
  z
    .object({
      exportedAt: Instant,
      controller: z.string(),
      client: z
        .object({
          id: Id,
          name: z.string(),
          phone: z.string(),
          email: z.string().nullable(),
          notes: z.string().nullable(),
          address: z.string().nullable(),
          birthday: CalendarDate.nullable(),
          isActive: z.boolean(),
          createdAt: Instant,
          updatedAt: Instant,
        })
        .strict(),
      consent: z
        .object({
          consentType: z.enum(CONSENT_TYPES),
          consentDate: Instant.nullable(),
          legalBasis: z.enum(LEGAL_BASES),
          dataRetentionDate: Instant.nullable(),
          erasureRequestedAt: Instant.nullable(),
          smsOptedOutAt: Instant.nullable(),
          emailUnsubscribedAt: Instant.nullable(),
        })
        .strict(),
      formerDetails: z
        .array(z.object({ field: z.enum(CLIENT_DETAIL_FIELDS), value: z.string(), recordedAt: Instant }).strict())
        .describe(
          "Names, e-mails and phones the client had before an edit or a merge replaced them, kept only so that an erasure can redact them in staff text.",
        ),
      sales: z.array(SaleView).describe("What the client bought and paid (checkout)."),
      patchTests: z
        .array(
          z
            .object({
              testedAt: Instant,
              result: z.enum(PATCH_TEST_RESULTS),
              product: z.string().nullable(),
              notes: z.string().nullable(),
              recordedBy: z.string(),
              recordedAt: Instant,
            })
            .strict(),
        )
        .describe("The skin tests done before colour services."),
      appointments: z.array(z.record(z.unknown())),
      messages: z.array(z.record(z.unknown())),
      emails: z.array(z.record(z.unknown())).describe("E-mails sent to the client (the e-mail log)."),
    })
    .strict(),
);
