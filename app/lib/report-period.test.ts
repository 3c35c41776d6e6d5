import { describe, expect, it } from "vitest";
import { chartBuckets, describeChange, formatRate, periodRange, previousLabel, previousRange } from "./report-period";

describe("periodRange", () => {
  it.each([
    ["today", "2026-11-23", "2026-11-23"],
    ["week", "2026-11-17", "2026-11-23"],
    ["month", "2026-10-24", "2026-11-23"],
    ["quarter", "2026-08-24", "2026-11-23"],
    ["year", "2025-11-24", "2026-11-23"],
  ] as const)("%s ends today and reaches back from %s", (period, from, to) => {
    expect(periodRange(period, "2026-11-23")).toEqual({ from, to });
  });

  it("handles the end of a month", () => {
    expect(periodRange("month", "2026-03-31")).toEqual({ from: "2026-03-01", to: "2026-03-31" });
  });
});

describe("previous period", () => {
  it("is as long as the period and ends the day before it", () => {
    expect(previousRange("2026-10-19", "2026-10-25")).toEqual({ from: "2026-10-12", to: "2026-10-18" });
    expect(previousLabel("2026-10-19", "2026-10-25")).toBe("previous 7 days");
    expect(previousLabel("2026-10-19", "2026-10-19")).toBe("previous day");
  });
});

describe("describeChange", () => {
  it("gives amounts in percent and rates in points", () => {
    expect(describeChange(112, 100, "amount", "previous 30 days")).toEqual({
      text: "+12% vs previous 30 days",
      direction: "up",
    });
    expect(describeChange(50, 100, "amount", "previous 30 days")).toEqual({
      text: "-50% vs previous 30 days",
      direction: "down",
    });
    expect(describeChange(0.2, 0.25, "rate", "previous 7 days")).toEqual({
      text: "-5.0 pts vs previous 7 days",
      direction: "down",
    });
    expect(describeChange(5, 0, "amount", "previous 7 days")).toEqual({
      text: "No data for the previous 7 days",
      direction: "none",
    });
    expect(describeChange(3, 3, "amount", "previous 7 days")).toEqual({
      text: "No change vs previous 7 days",
      direction: "same",
    });
  });

  it("formats rates with one decimal", () => {
    expect(formatRate(1 / 6)).toBe("16.7%");
    expect(formatRate(0)).toBe("0.0%");
  });
});

describe("chartBuckets", () => {
  const days = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      date: `2026-01-${String((i % 28) + 1).padStart(2, "0")}`,
      revenue: 100,
      appointments: 1,
    }));

  it("draws a bar per day up to two months, then per week", () => {
    expect(chartBuckets(days(31)).unit).toBe("day");
    const year = chartBuckets(days(365));
    expect(year.unit).toBe("week");
    expect(year.buckets).toHaveLength(53);
    expect(year.buckets[0]).toMatchObject({ revenue: 700, appointments: 7 });
    expect(year.buckets.reduce((sum, bucket) => sum + bucket.revenue, 0)).toBe(36500);
    expect(chartBuckets(days(1000)).unit).toBe("month");
  });
});
