// Importing a client list (SPEC §2 Settings "Import Clients", §5 "CSV import", §7
// POST /api/clients/bulk-import). Admins only. Every row is validated before anything is
// written; duplicates by e-mail or phone (within the upload or already stored, the client
// form's rule) are marked in the preview, then skipped and counted; the valid rows go in with batched inserts in one transaction, so
// an import lands whole or not at all and no client is ever half written.
import { inArray, isNotNull } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { storedCountry } from "#db/phone-numbers";
import { auditLog, clients } from "#db/schema";
import {
  CsvImportError,
  decodeCsvBytes,
  IMPORT_TEXTS,
  looksLikeCsv,
  MAX_CSV_BYTES,
  PREVIEW_ROWS,
  readClientCsv,
  type CsvClientRow,
} from "~/lib/client-csv";
import { ImportRowSchema, MAX_IMPORT_ROWS, type ImportRow } from "~/lib/schemas/clients";
import { invalidPhoneMessage, toE164 } from "~/lib/phone";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { consentStamp } from "./clients.server";
import { fieldErrorsOf } from "./validate";

export type ImportResult = {
  imported: number;
  errors: number;
  duplicates: number;
  /** Rows refused by validation: 1-based position in the list sent (a CSV file's row, header = 1), and why. */
  errorRows: { row: number; message: string }[];
};

/** Why a row is not imported although valid: the client is on file, or an earlier row is the same client. */
export type DuplicateOf = { clientId: number; name: string } | { row: number };
type Verdict = { row: number; value: ImportRow; duplicateOf: DuplicateOf | null };

/** Rows per INSERT: 500 rows x 12 columns stays far below SQLite's 32,766 parameters. */
const BATCH = 500;
const MAX_ERROR_ROWS_REPORTED = 100;
/** The preview lists at most this many duplicates by name, and as many rows with errors. */
const PREVIEW_LISTED = 10;

/**
 * Each row checked against the client rules, the phone read in the salon's country (a
 * number that cannot exist is an error, as in the client form). `rowNumbers` are the
 * rows' numbers in a CSV file; without them a row is its 1-based position in the list.
 */
function validateRows(rows: unknown[], country: string, rowNumbers?: number[]) {
  const valid: { row: number; value: ImportRow }[] = [];
  const errorRows: ImportResult["errorRows"] = [];
  let errors = 0;
  rows.forEach((raw, index) => {
    const row = rowNumbers?.[index] ?? index + 1;
    const result = ImportRowSchema.safeParse(raw);
    const fieldErrors = result.success ? {} : fieldErrorsOf(result.error);
    if (result.success && result.data.phone && !toE164(result.data.phone, country))
      fieldErrors.phone = [invalidPhoneMessage(country)];
    if (result.success && Object.keys(fieldErrors).length === 0) return valid.push({ row, value: result.data });
    errors += 1;
    if (errorRows.length < MAX_ERROR_ROWS_REPORTED) {
      const messages = Object.entries(fieldErrors).map(([field, list]) => `${field}: ${list.join(", ")}`);
      errorRows.push({ row, message: messages.join("; ") });
    }
  });
  return { valid, errors, errorRows };
}

/**
 * The duplicate rule of the client form, row by row (decision 0060): a row whose phone
 * (in E.164) or e-mail is a stored client's, or an earlier row's, is a duplicate; a row
 * without a phone is matched on its e-mail alone. The stored keys are read from their
 * indexes (phone_e164 and e-mail with the row id), not from the table.
 */
async function judgeRows(executor: Executor, valid: { row: number; value: ImportRow }[]): Promise<Verdict[]> {
  const country = await storedCountry(executor);
  const [storedPhones, storedEmails] = await Promise.all([
    executor.select({ id: clients.id, key: clients.phoneE164 }).from(clients).where(isNotNull(clients.phoneE164)),
    executor.select({ id: clients.id, key: clients.email }).from(clients).where(isNotNull(clients.email)),
  ]);
  const phones = new Map<string, DuplicateOf | number>(storedPhones.map(({ id, key }) => [key!, id]));
  const emails = new Map<string, DuplicateOf | number>(storedEmails.map(({ id, key }) => [key!, id]));
  const verdicts = valid.map(({ row, value }) => {
    // The row's e-mail is already trimmed and lower-cased by ImportRowSchema.
    const keys = { phoneE164: toE164(value.phone, country), email: value.email };
    const match =
      (keys.phoneE164 ? phones.get(keys.phoneE164) : undefined) ?? (keys.email ? emails.get(keys.email) : undefined);
    if (match === undefined) {
      if (keys.phoneE164) phones.set(keys.phoneE164, { row });
      if (keys.email) emails.set(keys.email, { row });
    }
    return { row, value, match, phoneE164: keys.phoneE164 };
  });
  // Names only for the stored clients that matched.
  const ids = [...new Set(verdicts.flatMap(({ match }) => (typeof match === "number" ? [match] : [])))];
  const names = new Map<number, string>();
  for (let start = 0; start < ids.length; start += BATCH) {
    const found = await executor
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(inArray(clients.id, ids.slice(start, start + BATCH)));
    for (const { id, name } of found) names.set(id, name);
  }
  return verdicts.map(({ row, value, match, phoneE164 }) => ({
    row,
    value: { ...value, phoneE164 },
    duplicateOf:
      match === undefined
        ? null
        : typeof match === "number"
          ? { clientId: match, name: names.get(match) ?? "" }
          : match,
  }));
}

export async function importClients(actor: Actor, rows: unknown[], rowNumbers?: number[]): Promise<ImportResult> {
  assertCan(actor, "clients.import");
  return writeTransaction(async (tx) => {
    const { valid, errors, errorRows } = validateRows(rows, await storedCountry(tx), rowNumbers);
    const verdicts = await judgeRows(tx, valid);
    const stamp = consentStamp();
    // SPEC §5: consent is set at import, with the 7-year retention period.
    const fresh: (typeof clients.$inferInsert)[] = verdicts
      .filter(({ duplicateOf }) => !duplicateOf)
      .map(({ value }) => ({ ...value, consentType: "service", legalBasis: "consent", isActive: true, ...stamp }));
    for (let start = 0; start < fresh.length; start += BATCH) {
      await tx.insert(clients).values(fresh.slice(start, start + BATCH));
    }
    const result = { imported: fresh.length, errors, duplicates: verdicts.length - fresh.length };
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      action: "clients.import",
      entityType: "client",
      entityId: null,
      details: JSON.stringify(result),
    });
    if (fresh.length > 0) await publish(tx, "clients", null);
    return { ...result, errorRows };
  });
}

export type ImportPreview = {
  /** Rows with a name, of which: to import, duplicates, with errors. */
  total: number;
  toImport: number;
  duplicates: number;
  errors: number;
  /** The first rows of the file, each marked with what the import will do with it. */
  rows: { row: number; data: CsvClientRow; duplicateOf: DuplicateOf | null; error: string | null }[];
  /** The first duplicates anywhere in the file, by row. */
  duplicateRows: { row: number; name: string; duplicateOf: DuplicateOf }[];
  /** The first rows with errors anywhere in the file, and why. */
  errorRows: { row: number; message: string }[];
};

/** What importing these rows would do, without writing anything: the preview's counts and marks. */
async function previewImport(actor: Actor, rows: CsvClientRow[], rowNumbers: number[]): Promise<ImportPreview> {
  assertCan(actor, "clients.import");
  const { valid, errors, errorRows } = validateRows(rows, await storedCountry(db), rowNumbers);
  const verdicts = await judgeRows(db, valid);
  const byRow = new Map(verdicts.map((verdict) => [verdict.row, verdict]));
  const errorByRow = new Map(errorRows.map(({ row, message }) => [row, message]));
  const duplicates = verdicts.filter(
    (verdict): verdict is Verdict & { duplicateOf: DuplicateOf } => verdict.duplicateOf !== null,
  );
  return {
    total: rows.length,
    toImport: verdicts.length - duplicates.length,
    duplicates: duplicates.length,
    errors,
    rows: rows.slice(0, PREVIEW_ROWS).map((data, index) => {
      const row = rowNumbers[index]!;
      return { row, data, duplicateOf: byRow.get(row)?.duplicateOf ?? null, error: errorByRow.get(row) ?? null };
    }),
    duplicateRows: duplicates
      .slice(0, PREVIEW_LISTED)
      .map(({ row, value, duplicateOf }) => ({ row, name: value.name, duplicateOf })),
    errorRows: errorRows.slice(0, PREVIEW_LISTED),
  };
}

/** The text of an uploaded file, checked to be a CSV file; CsvImportError with SPEC's texts otherwise. */
export async function readCsvUpload(file: FormDataEntryValue | null): Promise<string> {
  if (!file || typeof file === "string" || file.size === 0 || !looksLikeCsv(file)) {
    throw new CsvImportError(IMPORT_TEXTS.invalidFileTitle, IMPORT_TEXTS.invalidFile);
  }
  if (file.size > MAX_CSV_BYTES)
    throw new CsvImportError(
      IMPORT_TEXTS.invalidFileTitle,
      `${IMPORT_TEXTS.invalidFile} The file is larger than 10 MB.`,
    );
  try {
    return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  } catch {
    throw new CsvImportError("Error", IMPORT_TEXTS.processFailed);
  }
}

/** A CSV file's named rows, refused whole when there are more than the API's bulk import takes. */
function readCappedCsv(text: string) {
  const read = readClientCsv(text);
  if (read.rows.length > MAX_IMPORT_ROWS) {
    throw new CsvImportError(
      IMPORT_TEXTS.invalidFileTitle,
      `The file has ${read.rows.length.toLocaleString("en-GB")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} clients can be imported at once.`,
    );
  }
  return read;
}

/** The preview of a CSV file: its first rows and every row's verdict, counted. */
export async function previewClientCsv(actor: Actor, text: string): Promise<ImportPreview & { withoutName: number }> {
  assertCan(actor, "clients.import");
  const { rows, rowNumbers, withoutName } = readCappedCsv(text);
  return { ...(await previewImport(actor, rows, rowNumbers)), withoutName };
}

/** A CSV file's clients, read as the preview shows them, then imported. */
export async function importClientCsv(actor: Actor, text: string): Promise<ImportResult & { withoutName: number }> {
  assertCan(actor, "clients.import");
  const { rows, rowNumbers, withoutName } = readCappedCsv(text);
  return { ...(await importClients(actor, rows, rowNumbers)), withoutName };
}
