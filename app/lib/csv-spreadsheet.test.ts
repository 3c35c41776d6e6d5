import { describe, expect, it } from "vitest";
import { neutraliseFormula, parseCsv, toSpreadsheetCsv } from "./csv";

describe("neutraliseFormula", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+44 7400 900123", "'+44 7400 900123"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("makes %j plain text", (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each(["Cara One", "12.50", "-12%", "+3.5%", "-4", "", "a=b"])("leaves %j alone", (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });
});

describe("toSpreadsheetCsv", () => {
  it("quotes as RFC 4180 says, neutralises formulas and starts with a byte-order mark", () => {
    const csv = toSpreadsheetCsv([
      ["Client", "Revenue (GBP)"],
      ['=HYPERLINK("http://x","Eve")', "70.00"],
      ["Smith, Jo\nline two", "-12%"],
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toBe(
      '\uFEFFClient,Revenue (GBP)\r\n"\'=HYPERLINK(""http://x"",""Eve"")",70.00\r\n"Smith, Jo\nline two",-12%\r\n',
    );
    expect(parseCsv(csv)).toEqual([
      ["Client", "Revenue (GBP)"],
      ['\'=HYPERLINK("http://x","Eve")', "70.00"],
      ["Smith, Jo\nline two", "-12%"],
    ]);
  });
});
