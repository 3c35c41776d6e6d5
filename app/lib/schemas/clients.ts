// The client form and `/api/clients` payloads (SPEC §5 "Client form", §7). One set of
// field rules; the form adds the GDPR consent tickbox, the API leaves it out.
import { z } from "zod";
import { CONSENT_TYPES, LEGAL_BASES } from "#db/enums";
import { isCalendarDate } from "~/lib/salon-time";
import { multiLineText, text } from "./limits";
import { partialUpdate } from "./partial-update";

export type ConsentType = (typeof CONSENT_TYPES)[number];
export type LegalBasis = (typeof LEGAL_BASES)[number];

const CLIENT_MESSAGES = {
  nameRequired: "Name is required",
  phoneRequired: "Phone is required",
  invalidEmail: "Invalid email",
  consentRequired: "GDPR consent is required",
  invalidInput: "Invalid input",
} as const;

export const CONSENT_LABELS: Record<ConsentType, string> = {
  service: "Service Only",
  marketing: "Marketing",
  both: "Service & Marketing",
  // Given by the client on the online booking page (service messages only).
  online: "Online Booking",
};

export const LEGAL_BASIS_LABELS: Record<LegalBasis, string> = {
  consent: "Consent",
  contract: "Contract",
  legitimate_interest: "Legitimate Interest",
  legal_obligation: "Legal Obligation",
};

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

const requiredText = (message: string, max: number, label: string) =>
  text({ required_error: message, invalid_type_error: CLIENT_MESSAGES.invalidInput }, max, label).min(1, message);

// Notes and postal addresses keep their line breaks; a phone is one line.
const optionalText = (max: number, label: string, lines: "single" | "multi" = "multi") =>
  z.preprocess(
    blankToNull,
    (lines === "single" ? text : multiLineText)(
      { invalid_type_error: CLIENT_MESSAGES.invalidInput },
      max,
      label,
    ).nullable(),
  );

/** Optional; stored trimmed and lower-cased so duplicates are found with the index. */
export const optionalEmail = z.preprocess(
  blankToNull,
  z
    .string({ invalid_type_error: CLIENT_MESSAGES.invalidInput })
    .trim()
    .toLowerCase()
    .email(CLIENT_MESSAGES.invalidEmail)
    .max(254, CLIENT_MESSAGES.invalidEmail)
    .nullable(),
);

const invalidInput = { errorMap: () => ({ message: CLIENT_MESSAGES.invalidInput }) };

const clientFields = {
  name: requiredText(CLIENT_MESSAGES.nameRequired, 200, "Name"),
  email: optionalEmail,
  notes: optionalText(2000, "Notes"),
  consentType: z.enum(CONSENT_TYPES, invalidInput).default("service"),
  legalBasis: z.enum(LEGAL_BASES, invalidInput).default("consent"),
};

/** An empty phone is stored as "" (the column is not nullable). */
const optionalPhone = optionalText(50, "Phone", "single").transform((value) => value ?? "");

/**
 * `POST /api/clients`, `PUT /api/clients/{id}` and the booking dialog (createClientRecord):
 * gdprConsent is not sent; isActive defaults to true. The phone is optional here because
 * SPEC's booking form, which creates clients through this call, leaves it optional; the
 * client dialog requires it (ClientFormSchema).
 */
export const ClientInputSchema = z.object({
  ...clientFields,
  phone: optionalPhone,
  isActive: z.boolean({ invalid_type_error: CLIENT_MESSAGES.invalidInput }).default(true),
});

/**
 * `/api`'s confirmation that a client shares a phone or e-mail with another, e.g. a
 * family's mobile (decision 0097): without it such a write answers 409.
 */
export const SharedContactConfirmSchema = z.object({
  confirm: z
    .boolean({ invalid_type_error: "confirm must be true or false" })
    .optional()
    .describe("true adds (or changes) the client even though another client has this phone or e-mail."),
});

/** The Add / Edit dialog. An unticked checkbox sends nothing, so isActive is false when absent. */
export const ClientFormSchema = z.object({
  ...clientFields,
  // The shared phone or e-mail the user was warned about and confirmed (decision 0097).
  confirmShared: z.string().max(400).optional(),
  phone: requiredText(CLIENT_MESSAGES.phoneRequired, 50, "Phone"),
  isActive: z.boolean().default(false),
  gdprConsent: z
    .boolean({ required_error: CLIENT_MESSAGES.consentRequired, invalid_type_error: CLIENT_MESSAGES.consentRequired })
    .refine((value) => value, CLIENT_MESSAGES.consentRequired),
});

/** DD/MM/YYYY (how UK spreadsheets write dates) or YYYY-MM-DD, stored as YYYY-MM-DD. */
function normaliseBirthday(value: string): string | null {
  const text = value.trim();
  const iso = isCalendarDate(text) ? text : null;
  if (iso) return iso;
  const uk = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  if (!uk) return null;
  const day = `${uk[3]}-${uk[2]!.padStart(2, "0")}-${uk[1]!.padStart(2, "0")}`;
  return isCalendarDate(day) ? day : null;
}

const BIRTHDAY_INVALID = "Birthday must be a date (YYYY-MM-DD or DD/MM/YYYY)";

/** One row of a CSV import or of `POST /api/clients/bulk-import` (SPEC §5 "CSV import"). */
export const ImportRowSchema = z.object({
  name: requiredText(CLIENT_MESSAGES.nameRequired, 200, "Name"),
  email: optionalEmail,
  phone: optionalPhone,
  notes: optionalText(2000, "Notes"),
  address: optionalText(500, "Address"),
  birthday: z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: BIRTHDAY_INVALID })
      .nullable()
      .transform((value, context) => {
        if (value === null) return null;
        const date = normaliseBirthday(value);
        if (!date) context.addIssue({ code: z.ZodIssueCode.custom, message: BIRTHDAY_INVALID });
        return date;
      }),
  ),
});
export type ImportRow = z.output<typeof ImportRowSchema>;

export const MAX_IMPORT_ROWS = 50_000;

/** The client list shows this many at a time ("Show more" adds as many again), up to the maximum. */
export const CLIENT_PAGE_SIZE = 50;
export const MAX_CLIENT_PAGE = 1000;

export const BulkImportSchema = z.object({
  clients: z
    .array(z.unknown(), {
      required_error: "clients must be a list of client rows",
      invalid_type_error: "clients must be a list of client rows",
    })
    .max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} clients can be imported at once`),
});

/** `GET /api/clients?q=`: the search, by name, phone or e-mail. */
export const ClientSearchQuerySchema = z.object({ q: z.string().max(200, "q must be at most 200 characters") });

/** `PUT /api/clients/{id}`: any of the fields; those left out keep their stored values. */
export const ClientUpdateSchema = partialUpdate(ClientInputSchema);

/** `POST /api/clients/{id}/merge`: the duplicate to merge into client {id}. */
export const ClientMergeSchema = z.object({
  duplicateClientId: z
    .number({
      required_error: "duplicateClientId is required",
      invalid_type_error: "duplicateClientId must be a client id",
    })
    .int()
    .positive("duplicateClientId must be a client id"),
});
