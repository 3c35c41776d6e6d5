// CSV as RFC 4180 writes it, read the way spreadsheets export it. Isomorphic: the Import
// Clients tab parses in the browser for an instant preview and the server parses again
// before importing.
//
// - Fields are separated by commas, records by CRLF, LF or a lone CR.
// - A field that starts with a double quote is quoted: it runs to the next lone quote and
//   may hold commas, line breaks and doubled quotes ("") standing for one quote.
// - After a closing quote only a comma, a line break or the end may follow; anything else
//   is malformed (CsvError), as is a quoted field that never closes.
// - A quote inside an unquoted field (5'10" tall) is kept as an ordinary character, as
//   Excel and Python's csv module do.
// - A byte-order mark at the start is ignored; a final line break does not start an
//   empty record. An empty line is a record with one empty field.

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
    this.name = "CsvError";
  }
}

const QUOTE = 34; // "
const COMMA = 44; // ,
const CR = 13;
const LF = 10;

export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: string[][] = [];
  const length = text.length;
  let record: string[] = [];
  let line = 1;
  let i = 0;

  // Each pass of the loop reads one field and the separator after it.
  while (i < length) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      const startLine = line;
      let value = "";
      let chunkStart = i + 1;
      i += 1;
      for (;;) {
        if (i >= length) throw new CsvError("A quoted field is not closed", startLine);
        const code = text.charCodeAt(i);
        if (code === QUOTE) {
          if (text.charCodeAt(i + 1) === QUOTE) {
            value += text.slice(chunkStart, i + 1);
            i += 2;
            chunkStart = i;
            continue;
          }
          value += text.slice(chunkStart, i);
          i += 1;
          break;
        }
        if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) line += 1;
        i += 1;
      }
      const next = text.charCodeAt(i);
      if (i < length && next !== COMMA && next !== CR && next !== LF) {
        throw new CsvError("Unexpected text after a closing quote", line);
      }
      field = value;
    } else {
      const start = i;
      while (i < length) {
        const code = text.charCodeAt(i);
        if (code === COMMA || code === CR || code === LF) break;
        i += 1;
      }
      field = text.slice(start, i);
    }
    record.push(field);

    if (i >= length) break;
    const separator = text.charCodeAt(i);
    if (separator === COMMA) {
      i += 1;
      // A comma at the very end still ends with an empty last field.
      if (i >= length) record.push("");
      continue;
    }
    // A line break ends the record.
    i += separator === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    line += 1;
    records.push(record);
    record = [];
  }
  if (record.length > 0) records.push(record);
  return records;
}

/** One record per data row keyed by header, with headers lower-cased and trimmed (SPEC §5). */
/**
 * The header (trimmed, lower-cased) and the rows keyed by it, blank records left out.
 * `rowNumbers[i]` is the spreadsheet row of `rows[i]`: the header is row 1, blank records
 * still count (a spreadsheet shows them as empty rows), and a quoted field over several
 * lines is one row.
 */
export function parseCsvWithHeader(input: string): {
  headers: string[];
  rows: Record<string, string>[];
  rowNumbers: number[];
} {
  const [headerRecord, ...records] = parseCsv(input);
  if (!headerRecord) return { headers: [], rows: [], rowNumbers: [] };
  const headers = headerRecord.map((header) => header.trim().toLowerCase());
  const rows: Record<string, string>[] = [];
  const rowNumbers: number[] = [];
  records.forEach((record, index) => {
    if (!record.some((value) => value.trim() !== "")) return;
    const row: Record<string, string> = {};
    headers.forEach((header, column) => {
      if (header && !(header in row)) row[header] = record[column] ?? "";
    });
    rows.push(row);
    rowNumbers.push(index + 2);
  });
  return { headers, rows, rowNumbers };
}

function quoteField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Writes records as CSV with CRLF line endings, quoting only the fields that need it. */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => record.map(quoteField).join(",")).join("\r\n") + "\r\n";
}

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection), and
// Excel also strips a leading tab or carriage return before looking.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?%?$/;

/**
 * A cell made safe to open in Excel or Sheets: text that would start a formula gets a
 * leading apostrophe, which spreadsheets show as plain text. Plain numbers ("-12", "+3.5%")
 * are left alone, since they cannot run anything and must stay numbers.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** CSV for people to open in a spreadsheet: UTF-8 with a byte-order mark (Excel's cue), every cell neutralised. */
export function toSpreadsheetCsv(records: readonly (readonly string[])[]): string {
  return `\uFEFF${toCsv(records.map((record) => record.map(neutraliseFormula)))}`;
}
