import { describe, expect, it } from "vitest";
import { formatPence, penceToPoundsInput, poundsToPence } from "./money";

describe("money", () => {
  it("formats pence as pounds with two decimals", () => {
    expect(formatPence(1250)).toBe("£12.50");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(123456)).toBe("£1,234.56");
  });
  it("converts pounds to pence, rounding", () => {
    expect(poundsToPence(12.5)).toBe(1250);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(19.999)).toBe(2000);
    expect(penceToPoundsInput(1250)).toBe("12.50");
  });
});
