import { describe, expect, it } from "vitest";
import { CsvError, parseCsv, parseCsvWithHeader, toCsv } from "./csv";

describe("parseCsv", () => {
  it("splits plain fields and records", () => {
    expect(parseCsv("a,b,c\n1,2,3")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("does not add an empty record for a trailing line break, LF or CRLF", () => {
    expect(parseCsv("a,b\n1,2\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(parseCsv("a,b\r\n1,2\r\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("accepts CRLF, LF and lone CR line endings, mixed", () => {
    expect(parseCsv("a\r\nb\nc\rd")).toEqual([["a"], ["b"], ["c"], ["d"]]);
  });

  it("keeps commas, line breaks and CRLF inside quoted fields", () => {
    expect(parseCsv('name,notes\r\n"Smith, Jane","Line one\r\nLine two\nLine three"\r\n')).toEqual([
      ["name", "notes"],
      ["Smith, Jane", "Line one\r\nLine two\nLine three"],
    ]);
  });

  it("reads a doubled quote inside a quoted field as one quote", () => {
    expect(parseCsv('"She said ""hi""",""""\n')).toEqual([['She said "hi"', '"']]);
  });

  it("reads an empty quoted field as empty", () => {
    expect(parseCsv('"",x,""')).toEqual([["", "x", ""]]);
  });

  it("strips a byte-order mark before the first header", () => {
    const [header] = parseCsv("\uFEFFname,email\nA,b@c.d");
    expect(header).toEqual(["name", "email"]);
    expect(header![0]!.length).toBe(4);
  });

  it("strips a byte-order mark before a quoted first field", () => {
    expect(parseCsv('\uFEFF"name",email')).toEqual([["name", "email"]]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(parseCsv("a,,c,\n,,,")).toEqual([
      ["a", "", "c", ""],
      ["", "", "", ""],
    ]);
    expect(parseCsv("a,")).toEqual([["a", ""]]);
  });

  it("reads an empty line as a record with one empty field, and empty input as nothing", () => {
    expect(parseCsv("a\n\nb\n")).toEqual([["a"], [""], ["b"]]);
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\uFEFF")).toEqual([]);
  });

  it("keeps a quote inside an unquoted field as an ordinary character", () => {
    expect(parseCsv('Jo,5\'10" tall,O"Brien')).toEqual([["Jo", "5'10\" tall", 'O"Brien']]);
  });

  it("keeps spaces around unquoted fields (trimming is the caller's choice)", () => {
    expect(parseCsv(" a , b ")).toEqual([[" a ", " b "]]);
  });

  it("keeps non-ASCII text", () => {
    expect(parseCsv("Zoë Ødegård,😀")).toEqual([["Zoë Ødegård", "😀"]]);
  });

  it("refuses a quoted field that never closes, naming the line it starts on", () => {
    expect(() => parseCsv('name\n"Jane\nSmith')).toThrow(CsvError);
    expect(() => parseCsv('name\n"Jane\nSmith')).toThrow("line 2");
  });

  it("refuses text after a closing quote", () => {
    expect(() => parseCsv('"Jane" Smith,x')).toThrow(CsvError);
    expect(() => parseCsv('a\nb\n"x"y')).toThrow("line 3");
  });

  it("counts lines inside quoted fields when reporting errors", () => {
    expect(() => parseCsv('"a\nb\nc",1\n"x"y')).toThrow("line 4");
  });

  it("handles a large file quickly enough to parse 10,000 rows in one go", () => {
    const row = '"Client, Number",client@example.com,07400 900123,"Note with ""quotes""\nand a line"\n';
    const records = parseCsv("name,email,phone,notes\n" + row.repeat(10_000));
    expect(records).toHaveLength(10_001);
    expect(records[10_000]).toEqual([
      "Client, Number",
      "client@example.com",
      "07400 900123",
      'Note with "quotes"\nand a line',
    ]);
  });
});

describe("parseCsvWithHeader", () => {
  it("lower-cases and trims headers and keys rows by them", () => {
    const { headers, rows } = parseCsvWithHeader("\uFEFF Name ,EMAIL,Phone\r\nJane,jane@example.com,0123\r\n");
    expect(headers).toEqual(["name", "email", "phone"]);
    expect(rows).toEqual([{ name: "Jane", email: "jane@example.com", phone: "0123" }]);
  });

  it("fills missing trailing fields with empty text and ignores blank lines", () => {
    const { rows, rowNumbers } = parseCsvWithHeader("name,email,phone\nJane\n\n,,\nBob,b@x.y,1,extra\n");
    expect(rows).toEqual([
      { name: "Jane", email: "", phone: "" },
      { name: "Bob", email: "b@x.y", phone: "1" },
    ]);
    // Numbered as a spreadsheet shows the file: the header is row 1, blank rows count.
    expect(rowNumbers).toEqual([2, 5]);
  });

  it("uses the first of two columns with the same header and skips unnamed columns", () => {
    const { rows } = parseCsvWithHeader("name,,name\nFirst,x,Second\n");
    expect(rows).toEqual([{ name: "First" }]);
  });

  it("gives no rows for an empty file", () => {
    expect(parseCsvWithHeader("")).toEqual({ headers: [], rows: [], rowNumbers: [] });
  });

  it("numbers a row holding a quoted field over several lines as one row", () => {
    const { rowNumbers } = parseCsvWithHeader('name,notes\nAnn,"two\nlines"\nBob,x\n');
    expect(rowNumbers).toEqual([2, 3]);
  });
});

describe("toCsv", () => {
  it("quotes only what needs it and round-trips through parseCsv", () => {
    const records = [
      ["name", "notes"],
      ["Smith, Jane", 'Says "hi"\nevery time'],
      ["Plain", " padded "],
    ];
    const text = toCsv(records);
    expect(text).toBe('name,notes\r\n"Smith, Jane","Says ""hi""\nevery time"\r\nPlain," padded "\r\n');
    expect(parseCsv(text)).toEqual(records);
  });
});
