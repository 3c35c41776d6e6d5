// Reading a client list from a CSV file (SPEC §2 Settings "Import Clients", §5 "CSV
// import", §9 preview of 5 rows). Isomorphic: the browser shows the preview at once, and
// the server reads the same text again before importing.
import { parseCsvWithHeader, toCsv } from "./csv";

export const IMPORT_TEXTS = {
  invalidFileTitle: "Invalid file",
  invalidFile: "Please select a valid CSV file.",
  parseFailed: "Failed to parse CSV file. Please check the format.",
  noValidTitle: "No valid clients",
  noValid: "No valid client records found. Ensure each row has at least a name.",
  processFailed: "Failed to process CSV file.",
  completedTitle: "Import completed",
  failedTitle: "Import failed",
  failed: "Failed to import clients",
} as const;

export const PREVIEW_ROWS = 5;
export const TEMPLATE_FILE_NAME = "client-import-template.csv";
/** Ten thousand clients with long notes stay well under this. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

export const IMPORT_COLUMNS = ["name", "email", "phone", "notes", "address", "birthday"] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type CsvClientRow = Partial<Record<ImportColumn, string>>;

// SPEC names the column "e-mail" in prose and "email" in the payload: both are read.
const ALIASES: Record<string, ImportColumn> = {
  "e-mail": "email",
  "email address": "email",
  "phone number": "phone",
  mobile: "phone",
};

/** Why a CSV file cannot be read at all; the message is one of SPEC's texts. */
export class CsvImportError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = "CsvImportError";
  }
}

/** UTF-8, or Windows-1252 (older Excel "CSV" exports) when the bytes are not valid UTF-8. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** A CSV file by its name or type; browsers report CSV as text/csv or (Windows) Excel's type. */
export function looksLikeCsv(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) || ["text/csv", "application/csv"].includes(file.type.toLowerCase());
}

/**
 * The rows that have a name (rows without one are dropped, SPEC §5), each holding the
 * known columns trimmed, plus how many rows were dropped. Throws CsvImportError with
 * SPEC's texts when the text is not CSV or no row has a name.
 */
export function readClientCsv(text: string): { rows: CsvClientRow[]; withoutName: number } {
  let parsed: ReturnType<typeof parseCsvWithHeader>;
  try {
    parsed = parseCsvWithHeader(text);
  } catch {
    throw new CsvImportError("Error", IMPORT_TEXTS.parseFailed);
  }
  const rows: CsvClientRow[] = [];
  let withoutName = 0;
  for (const raw of parsed.rows) {
    const row: CsvClientRow = {};
    for (const [header, value] of Object.entries(raw)) {
      const column = ALIASES[header] ?? (IMPORT_COLUMNS as readonly string[]).find((known) => known === header);
      if (column && row[column as ImportColumn] === undefined) {
        const trimmed = value.trim().replace(/\r\n?/g, "\n");
        if (trimmed) row[column as ImportColumn] = trimmed;
      }
    }
    if (row.name) rows.push(row);
    else withoutName += 1;
  }
  if (rows.length === 0) throw new CsvImportError(IMPORT_TEXTS.noValidTitle, IMPORT_TEXTS.noValid);
  return { rows, withoutName };
}

/** The downloadable template: every column, with quoting shown in the example rows. */
export function templateCsv(): string {
  return toCsv([
    [...IMPORT_COLUMNS],
    [
      "Jane Smith",
      "jane.smith@example.com",
      "07700 900123",
      "Prefers morning appointments",
      "12 High Street, Bath BA1 1AA",
      "1985-04-12",
    ],
    [
      "O'Neil, Sam",
      "sam.oneil@example.com",
      "07700 900456",
      'Allergic to "Brand X" dye.\nPatch test first.',
      "",
      "23/09/1990",
    ],
  ]);
}
