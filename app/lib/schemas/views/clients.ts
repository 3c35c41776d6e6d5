import { z } from "zod";
import { CONSENT_TYPES, LEGAL_BASES, PATCH_TEST_RESULTS } from "#db/enums";
import { CalendarDate, Id, Instant, named } from "./common";

const contact = z
  .object({
    phone: z.string(),
    phoneE164: z.string().nullable(),
    email: z.string().nullable(),
    notes: z.string().nullable(),
    address: z.string().nullable(),
    birthday: CalendarDate.nullable(),
    consentDate: Instant.nullable(),
    consentType: z.enum(CONSENT_TYPES),
    legalBasis: z.enum(LEGAL_BASES),
    dataRetentionDate: Instant.nullable(),
    erasureRequestedAt: Instant.nullable(),
    smsOptedOutAt: Instant.nullable(),
    emailUnsubscribedAt: Instant.nullable().describe(
      "When the client followed an e-mail's unsubscribe link: no reminders by e-mail since.",
    ),
  })
  .partial();

/**
 * A client. Contact and consent fields are left out (not emptied) for those who may not
 * see them (the display role), hence optional.
 */
const client = z
  .object({ id: Id, name: z.string(), isActive: z.boolean(), createdAt: Instant, updatedAt: Instant })
  .merge(contact)
  .strict();
export const ClientView = named("Client", client);

/** In a list: with the number of appointments, and of no-shows for those who may see contact details. */
const listItem = client
  .extend({ appointmentCount: z.number().int(), noShowCount: z.number().int().optional() })
  .strict();
export const ClientListItemView = named("ClientListItem", listItem);

const reference = z.object({ id: Id, name: z.string() }).strict().nullable();

/** The client profile's figures (decision 0083): a stylist's cover their own appointments only. */
const ClientFiguresView = named(
  "ClientFigures",
  z
    .object({
      totalSpent: z.number().int().describe("Completed appointments at their booked prices, pence."),
      visits: z.number().int().describe("Completed appointments."),
      noShows: z.number().int(),
      cancellations: z.number().int(),
      lastVisit: Instant.nullable().describe("The start of the latest completed appointment."),
      usualService: reference.describe("The service of most completed appointments."),
      usualStylist: reference.describe("The stylist of most completed appointments."),
    })
    .strict(),
);

/** `GET /api/clients/{id}`: a list item, with the figures for admins and stylists. */
export const ClientDetailView = named(
  "ClientDetail",
  listItem.extend({ figures: ClientFiguresView.optional() }).strict(),
);

export const ErasureRequestView = named(
  "ErasureRequest",
  z.object({ id: Id, erasureRequestDate: Instant.nullable() }).strict(),
);

export const ClientMergeView = named(
  "ClientMerge",
  z
    .object({
      client: ClientView,
      mergedClientId: Id,
      appointmentsMoved: z.number().int(),
      messagesMoved: z.number().int(),
      salesMoved: z.number().int().describe("The merged client's sales, now the kept client's."),
    })
    .strict(),
);

export const ClientImportView = named(
  "ClientImport",
  z
    .object({
      imported: z.number().int(),
      errors: z.number().int(),
      duplicates: z.number().int(),
      errorRows: z.array(
        z.object({ row: z.number().int().describe("1-based position in `clients`."), message: z.string() }).strict(),
      ),
    })
    .strict(),
);

export const PatchTestView = named(
  "PatchTest",
  z
    .object({
      id: Id,
      clientId: Id,
      testedAt: Instant.describe("When the test was done."),
      result: z.enum(PATCH_TEST_RESULTS),
      product: z.string().nullable(),
      notes: z.string().nullable(),
      recordedBy: z
        .object({ id: Id.nullable(), name: z.string() })
        .strict()
        .describe("The signed-in user who recorded it, named as when they did."),
      recordedAt: Instant,
    })
    .strict(),
);
