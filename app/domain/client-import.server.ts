// Importing a client list (SPEC §2 Settings "Import Clients", §5 "CSV import", §7
// POST /api/clients/bulk-import). Admins only. Every row is validated before anything is
// written; duplicates by e-mail or phone (within the upload or already stored) are
// skipped and counted; the valid rows go in with batched inserts in one transaction, so
// an import lands whole or not at all and no client is ever half written.
import { isNotNull, ne } from "drizzle-orm";
import { writeTransaction } from "#db/client.server";
import { auditLog, clients } from "#db/schema";
import { CsvImportError, decodeCsvBytes, IMPORT_TEXTS, looksLikeCsv, MAX_CSV_BYTES, readClientCsv } from "~/lib/client-csv";
import { ImportRowSchema, MAX_IMPORT_ROWS } from "~/lib/schemas/clients";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { consentStamp } from "./clients.server";
import { fieldErrorsOf } from "./validate";

export type ImportResult = {
  imported: number;
  errors: number;
  duplicates: number;
  /** Rows refused by validation: 1-based position in the list sent, and why. */
  errorRows: { row: number; message: string }[];
};

/** Rows per INSERT: 500 rows x 12 columns stays far below SQLite's 32,766 parameters. */
const BATCH = 500;
const MAX_ERROR_ROWS_REPORTED = 100;

/** Digits only, so "07700 900123" and "07700-900123" are one phone. */
export function phoneKey(phone: string | null | undefined): string {
  return (phone ?? "").replace(/\D/g, "");
}

export async function importClients(actor: Actor, rows: unknown[]): Promise<ImportResult> {
  assertCan(actor, "clients.import");
  const valid: { row: number; value: ReturnType<typeof ImportRowSchema.parse> }[] = [];
  const errorRows: ImportResult["errorRows"] = [];
  let errors = 0;
  rows.forEach((raw, index) => {
    const result = ImportRowSchema.safeParse(raw);
    if (result.success) return valid.push({ row: index + 1, value: result.data });
    errors += 1;
    if (errorRows.length < MAX_ERROR_ROWS_REPORTED) {
      const messages = Object.entries(fieldErrorsOf(result.error)).map(([field, list]) => `${field}: ${list.join(", ")}`);
      errorRows.push({ row: index + 1, message: messages.join("; ") });
    }
  });

  return writeTransaction(async (tx) => {
    const [storedEmails, storedPhones] = await Promise.all([
      tx.select({ email: clients.email }).from(clients).where(isNotNull(clients.email)),
      tx.select({ phone: clients.phone }).from(clients).where(ne(clients.phone, "")),
    ]);
    const emails = new Set(storedEmails.map(({ email }) => email!.toLowerCase()));
    const phones = new Set(storedPhones.map(({ phone }) => phoneKey(phone)).filter(Boolean));
    const stamp = consentStamp();
    const fresh: (typeof clients.$inferInsert)[] = [];
    let duplicates = 0;
    for (const { value } of valid) {
      const email = value.email;
      const phone = phoneKey(value.phone);
      if ((email && emails.has(email)) || (phone && phones.has(phone))) {
        duplicates += 1;
        continue;
      }
      if (email) emails.add(email);
      if (phone) phones.add(phone);
      // SPEC §5: consent is set at import, with the 7-year retention period.
      fresh.push({ ...value, consentType: "service", legalBasis: "consent", isActive: true, ...stamp });
    }
    for (let start = 0; start < fresh.length; start += BATCH) {
      await tx.insert(clients).values(fresh.slice(start, start + BATCH));
    }
    const result = { imported: fresh.length, errors, duplicates };
    await tx.insert(auditLog).values({ actorUserId: actor.id, action: "clients.import", entityType: "client", entityId: null, details: JSON.stringify(result) });
    if (fresh.length > 0) await publish(tx, "clients", null);
    return { ...result, errorRows };
  });
}

/** The text of an uploaded file, checked to be a CSV file; CsvImportError with SPEC's texts otherwise. */
export async function readCsvUpload(file: FormDataEntryValue | null): Promise<string> {
  if (!file || typeof file === "string" || file.size === 0 || !looksLikeCsv(file)) {
    throw new CsvImportError(IMPORT_TEXTS.invalidFileTitle, IMPORT_TEXTS.invalidFile);
  }
  if (file.size > MAX_CSV_BYTES) throw new CsvImportError(IMPORT_TEXTS.invalidFileTitle, `${IMPORT_TEXTS.invalidFile} The file is larger than 10 MB.`);
  try {
    return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  } catch {
    throw new CsvImportError("Error", IMPORT_TEXTS.processFailed);
  }
}

/** A CSV file's clients, read as the preview shows them, then imported. */
export async function importClientCsv(actor: Actor, text: string): Promise<ImportResult & { withoutName: number }> {
  assertCan(actor, "clients.import");
  const { rows, withoutName } = readClientCsv(text);
  // The same cap as the API's bulk import: a file of more rows is refused whole.
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new CsvImportError(
      IMPORT_TEXTS.invalidFileTitle,
      `The file has ${rows.length.toLocaleString("en-GB")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} clients can be imported at once.`,
    );
  }
  return { ...(await importClients(actor, rows)), withoutName };
}
