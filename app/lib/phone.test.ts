import { describe, expect, it } from "vitest";
import { samePhone, toE164 } from "./phone";

describe("toE164", () => {
  it("reads national numbers in the salon's country (GB by default)", () => {
    expect(toE164("07700 900123")).toBe("+447700900123");
    expect(toE164("(020) 7946 0958")).toBe("+442079460958");
    expect(toE164("0412 345 678", "AU")).toBe("+61412345678");
  });

  it("keeps international numbers, with + or 00", () => {
    expect(toE164("+44 7700 900123", "US")).toBe("+447700900123");
    expect(toE164("0044 7700 900123")).toBe("+447700900123");
    expect(toE164("+1 201-555-0123")).toBe("+12015550123");
  });

  it("refuses what is not a valid number", () => {
    expect(toE164("")).toBeNull();
    expect(toE164(null)).toBeNull();
    expect(toE164("12345")).toBeNull();
    expect(toE164("not a number")).toBeNull();
    expect(toE164("0".repeat(60))).toBeNull();
  });

  it("falls back to GB for an unknown country code", () => {
    expect(toE164("07700 900123", "XX")).toBe("+447700900123");
  });
});

describe("samePhone", () => {
  it("matches one phone written two ways, and never matches invalid numbers", () => {
    expect(samePhone("07700 900123", "+447700900123")).toBe(true);
    expect(samePhone("07700 900123", "07700 900124")).toBe(false);
    expect(samePhone("abc", "abc")).toBe(false);
  });
});
