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

// The headers each column is read from, in order of preference: the template's own,
// SPEC's "e-mail", and what Google Contacts ("E-mail 1 - Value", "Phone 1 - Value") and
// Outlook ("E-mail Address", "Mobile Phone", "Home Phone") export. The first one with a
// value in the row wins: a mobile before a home phone, since reminders go by SMS.
const SOURCES: Record<ImportColumn, readonly string[]> = {
  name: ["name"],
  email: [
    "email",
    "e-mail",
    "email address",
    "e-mail address",
    "e-mail 1 - value",
    "e-mail 2 - value",
    "e-mail 2 address",
  ],
  phone: [
    "phone",
    "phone number",
    "mobile",
    "mobile phone",
    "phone 1 - value",
    "phone 2 - value",
    "home phone",
    "business phone",
  ],
  notes: ["notes"],
  address: ["address", "address 1 - formatted", "home address"],
  birthday: ["birthday"],
};
// Without a "name" column (Google's and Outlook's newer exports) the name is put together.
const NAME_PARTS = [
  ["first name", "given name"],
  ["middle name", "additional name"],
  ["last name", "family name"],
] as const;
// Outlook's home address, in its own columns.
const OUTLOOK_ADDRESS = ["home street", "home city", "home postal code"] as const;
// Google puts several values in one cell ("07400 900123 ::: 01632 960001"); the first is used.
const GOOGLE_SEPARATOR = " ::: ";
// Outlook writes an unknown birthday as 0/0/00.
const NO_BIRTHDAY = /^0{1,2}\/0{1,2}\/0{2,4}$/;

function cell(raw: Record<string, string>, header: string): string {
  const value = (raw[header] ?? "").trim().replace(/\r\n?/g, "\n");
  return value.split(GOOGLE_SEPARATOR)[0]!.trim();
}

function clientRowOf(raw: Record<string, string>): CsvClientRow {
  const row: CsvClientRow = {};
  for (const column of IMPORT_COLUMNS) {
    for (const header of SOURCES[column]) {
      const value = cell(raw, header);
      if (value) {
        row[column] = value;
        break;
      }
    }
  }
  row.name ??=
    NAME_PARTS.map((headers) => headers.map((header) => cell(raw, header)).find(Boolean) ?? "")
      .filter(Boolean)
      .join(" ") || undefined;
  row.address ??=
    OUTLOOK_ADDRESS.map((header) => cell(raw, header))
      .filter(Boolean)
      .join(", ") || undefined;
  if (row.birthday && NO_BIRTHDAY.test(row.birthday)) delete row.birthday;
  for (const column of IMPORT_COLUMNS) if (row[column] === undefined) delete row[column];
  return row;
}

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
 * known columns trimmed, with its row in the file as a spreadsheet numbers it (the header
 * is row 1), plus how many rows were dropped. Throws CsvImportError with SPEC's texts
 * when the text is not CSV or no row has a name.
 */
export function readClientCsv(text: string): { rows: CsvClientRow[]; rowNumbers: number[]; withoutName: number } {
  let parsed: ReturnType<typeof parseCsvWithHeader>;
  try {
    parsed = parseCsvWithHeader(text);
  } catch {
    throw new CsvImportError("Error", IMPORT_TEXTS.parseFailed);
  }
  const rows: CsvClientRow[] = [];
  const rowNumbers: number[] = [];
  let withoutName = 0;
  parsed.rows.forEach((raw, index) => {
    const row = clientRowOf(raw);
    if (!row.name) return void (withoutName += 1);
    rows.push(row);
    rowNumbers.push(parsed.rowNumbers[index]!);
  });
  if (rows.length === 0) throw new CsvImportError(IMPORT_TEXTS.noValidTitle, IMPORT_TEXTS.noValid);
  return { rows, rowNumbers, withoutName };
}

/** The downloadable template: every column, with quoting shown in the example rows. */
export function templateCsv(): string {
  return toCsv([
    [...IMPORT_COLUMNS],
    [
      "Jane Smith",
      "jane.smith@example.com",
      "07400 900123",
      "Prefers morning appointments",
      "12 High Street, Bath BA1 1AA",
      "1985-04-12",
    ],
    [
      "O'Neil, Sam",
      "sam.oneil@example.com",
      "07400 900456",
      'Allergic to "Brand X" dye.\nPatch test first.',
      "",
      "23/09/1990",
    ],
  ]);
}
