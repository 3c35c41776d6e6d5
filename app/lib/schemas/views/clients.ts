import { z } from "zod";
import { CONSENT_TYPES, LEGAL_BASES } from "#db/enums";
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
  })
  .partial();

/**
 * A client. Contact and consent fields are left out (not emptied) for those who may not
 * see them (the display role), hence optional.
 */
const client = z.object({ id: Id, name: z.string(), isActive: z.boolean(), createdAt: Instant, updatedAt: Instant }).merge(contact).strict();
export const ClientView = named("Client", client);

/** In a list and `GET /api/clients/{id}`: with the number of appointments. */
export const ClientListItemView = named("ClientListItem", client.extend({ appointmentCount: z.number().int() }).strict());

export const ErasureRequestView = named("ErasureRequest", z.object({ id: Id, erasureRequestDate: Instant.nullable() }).strict());

export const ClientMergeView = named("ClientMerge", z.object({ client: ClientView, mergedClientId: Id, appointmentsMoved: z.number().int(), messagesMoved: z.number().int() }).strict());

export const ClientImportView = named(
  "ClientImport",
  z
    .object({
      imported: z.number().int(),
      errors: z.number().int(),
      duplicates: z.number().int(),
      errorRows: z.array(z.object({ row: z.number().int().describe("1-based position in `clients`."), message: z.string() }).strict()),
    })
    .strict(),
);
