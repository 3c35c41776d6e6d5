import { describe, expect, it } from "vitest";
import { invalidPhoneMessage, isValidPhone, samePhone, toE164 } from "./phone";

describe("toE164", () => {
  it("reads national numbers in the salon's country (GB by default)", () => {
    expect(toE164("07400 900123")).toBe("+447400900123");
    expect(toE164("(020) 7946 0958")).toBe("+442079460958");
    expect(toE164("0412 345 678", "AU")).toBe("+61412345678");
  });

  it("keeps international numbers, with + or 00", () => {
    expect(toE164("+44 7400 900123", "US")).toBe("+447400900123");
    expect(toE164("0044 7400 900123")).toBe("+447400900123");
    expect(toE164("+1 201-555-0123")).toBe("+12015550123");
  });

  it("refuses what is not a valid number", () => {
    expect(toE164("")).toBeNull();
    expect(toE164(null)).toBeNull();
    expect(toE164("12345")).toBeNull();
    expect(toE164("not a number")).toBeNull();
    expect(toE164("0".repeat(60))).toBeNull();
  });

  it("refuses numbers of the right length that cannot exist (valid, not merely possible)", () => {
    // Possible once read as +44 077009001, but in no allocated range: it was saved and texted.
    expect(toE164("07700 9001")).toBeNull();
    // Ofcom's drama range: reserved for fiction, never a real phone.
    expect(toE164("07700 900123")).toBeNull();
    expect(toE164("+1 555-555-0100")).toBeNull();
    expect(isValidPhone("07400 900123")).toBe(true);
    expect(isValidPhone("07700 9001")).toBe(false);
    expect(invalidPhoneMessage("GB")).toBe(
      "Not a valid phone number: check the digits, or write it with the country code (+44)",
    );
  });

  it("falls back to GB for an unknown country code", () => {
    expect(toE164("07400 900123", "XX")).toBe("+447400900123");
  });
});

describe("samePhone", () => {
  it("matches one phone written two ways, and never matches invalid numbers", () => {
    expect(samePhone("07400 900123", "+447400900123")).toBe(true);
    expect(samePhone("07400 900123", "07400 900124")).toBe(false);
    expect(samePhone("abc", "abc")).toBe(false);
  });
});
