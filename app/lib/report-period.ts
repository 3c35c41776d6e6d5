// Report periods and the wording of report figures (SPEC §2 Reports, §5, §9). Isomorphic
// and free of Zod, so the Reports screen can use it without shipping a validator. A
// period is a run of whole salon days, from..to inclusive; the server turns each day into
// the instants between two of the salon's local midnights.
import { addDays, addMonths, daysBetween, type CalendarDate } from "./salon-time";

export const REPORT_PERIODS = ["today", "week", "month", "quarter", "year", "custom"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_PERIOD: ReportPeriod = "month";

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  today: "Today",
  week: "Last Week",
  month: "Last Month",
  quarter: "Last Quarter",
  year: "Last Year",
  custom: "Custom Range",
};

/** SPEC §2 Reports: the breakdown's text when the period has no appointments. */
export const EMPTY_TEXT = "No performance data available for the selected period";

/** The longest custom range a report covers (about ten years), so one request stays cheap. */
export const MAX_RANGE_DAYS = 3660;

/**
 * The days a named period covers, ending today: "7 days back" is the 7 days up to and
 * including today, "1 month back" the days after the same date last month, and so on.
 */
export function periodRange(
  period: Exclude<ReportPeriod, "custom">,
  today: CalendarDate,
): { from: CalendarDate; to: CalendarDate } {
  switch (period) {
    case "today":
      return { from: today, to: today };
    case "week":
      return { from: addDays(today, -6), to: today };
    case "month":
      return { from: addDays(addMonths(today, -1), 1), to: today };
    case "quarter":
      return { from: addDays(addMonths(today, -3), 1), to: today };
    case "year":
      return { from: addDays(addMonths(today, -12), 1), to: today };
  }
}

export function dayCount(from: CalendarDate, to: CalendarDate): number {
  return daysBetween(from, to) + 1;
}

/** The period of the same length just before [from, to]. */
export function previousRange(from: CalendarDate, to: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  const days = dayCount(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** "previous 30 days", "previous day". */
export function previousLabel(from: CalendarDate, to: CalendarDate): string {
  const days = dayCount(from, to);
  return days === 1 ? "previous day" : `previous ${days} days`;
}

export type Change = { text: string; direction: "up" | "down" | "same" | "none" };

/**
 * A card's change against the previous period: relative for amounts ("+12%"), in
 * percentage points for rates ("-3.5 pts"), "no data" when the previous period had none.
 */
export function describeChange(
  current: number,
  previous: number | null,
  kind: "amount" | "rate",
  label: string,
): Change {
  if (previous === null) return { text: "", direction: "none" };
  if (kind === "rate") {
    const points = Math.round((current - previous) * 1000) / 10;
    if (points === 0) return { text: `No change vs ${label}`, direction: "same" };
    return {
      text: `${points > 0 ? "+" : ""}${points.toFixed(1)} pts vs ${label}`,
      direction: points > 0 ? "up" : "down",
    };
  }
  if (previous === 0)
    return current === 0
      ? { text: `No change vs ${label}`, direction: "same" }
      : { text: `No data for the ${label}`, direction: "none" };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { text: `No change vs ${label}`, direction: "same" };
  return { text: `${percent > 0 ? "+" : ""}${percent}% vs ${label}`, direction: percent > 0 ? "up" : "down" };
}

/** 0.125 -> "12.5%" */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

export type DailyFigure = { date: CalendarDate; revenue: number; appointments: number };
export type ChartBucket = { from: CalendarDate; to: CalendarDate; revenue: number; appointments: number };

/**
 * The chart's bars: one per day up to two months, one per week (from the period's first
 * day) up to two years, one per 30 days beyond, so the chart stays readable and small.
 */
export function chartBuckets(daily: DailyFigure[]): { unit: "day" | "week" | "month"; buckets: ChartBucket[] } {
  const size = daily.length <= 62 ? 1 : daily.length <= 731 ? 7 : 30;
  const buckets: ChartBucket[] = [];
  for (let i = 0; i < daily.length; i += size) {
    const slice = daily.slice(i, i + size);
    buckets.push({
      from: slice[0]!.date,
      to: slice.at(-1)!.date,
      revenue: slice.reduce((sum, day) => sum + day.revenue, 0),
      appointments: slice.reduce((sum, day) => sum + day.appointments, 0),
    });
  }
  return { unit: size === 1 ? "day" : size === 7 ? "week" : "month", buckets };
}

/**
 * Where the reports' revenue comes from (decision 0120): a sale for an appointment sets the
 * appointment's price to what the services were charged, so revenue is takings wherever a
 * sale exists; retail, tips and refunds are the Takings tab's.
 */
export const REVENUE_SOURCE =
  "Revenue counts completed services: at the price charged at checkout where a sale exists, at the booked price otherwise. Retail sales, tips and refunds are under Takings.";
