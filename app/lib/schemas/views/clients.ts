import { z } from "zod";
import { CONSENT_TYPES, LEGAL_BASES } from "#db/enums";
import { CalendarDate, Id, Instant } from "./common";

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
export const ClientView = z.object({ id: Id, name: z.string(), isActive: z.boolean(), createdAt: Instant, updatedAt: Instant }).merge(contact).strict();

/** In a list and `GET /api/clients/{id}`: with the number of appointments. */
export const ClientListItemView = ClientView.extend({ appointmentCount: z.number().int() }).strict();

export const ErasureRequestView = z.object({ id: Id, erasureRequestDate: Instant.nullable() }).strict();

export const ClientMergeView = z.object({ client: ClientView, mergedClientId: Id, appointmentsMoved: z.number().int(), messagesMoved: z.number().int() }).strict();

export const ClientImportView = z
  .object({
    imported: z.number().int(),
    errors: z.number().int(),
    duplicates: z.number().int(),
    errorRows: z.array(z.object({ row: z.number().int().describe("1-based position in `clients`."), message: z.string() }).strict()),
  })
  .strict();
