import { z } from "zod";
import { MAX_RANGE_DAYS, REPORT_PERIODS, dayCount, type ReportPeriod } from "../report-period";
import { isCalendarDate } from "../salon-time";

const DATE_MESSAGE = "Use a date in the form YYYY-MM-DD";
export const END_BEFORE_START = "The end date must be on or after the start date.";

const optionalDate = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.string().max(10, DATE_MESSAGE).refine(isCalendarDate, DATE_MESSAGE).optional(),
);

/**
 * The report's period, from the screen's GET form or `/api/reports`:
 * `?period=today|week|month|quarter|year` or `?period=custom&from=&to=`. Dates without a
 * period mean a custom range (the API's `?from=&to=`); with a named period they are ignored
 * (the screen's form always sends both date inputs).
 */
export const ReportQuerySchema = z
  .object({
    period: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .enum(REPORT_PERIODS, { errorMap: () => ({ message: `Choose one of ${REPORT_PERIODS.join(", ")}` }) })
        .optional(),
    ),
    from: optionalDate,
    to: optionalDate,
  })
  .transform((query, context): ReportQuery => {
    const period: ReportPeriod = query.period ?? (query.from || query.to ? "custom" : "month");
    if (period !== "custom") return { period };
    if (query.from && query.to) {
      if (query.to < query.from) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: END_BEFORE_START });
        return z.NEVER;
      }
      if (dayCount(query.from, query.to) > MAX_RANGE_DAYS) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["to"],
          message: "A custom range can be at most 10 years long.",
        });
        return z.NEVER;
      }
    }
    return { period, from: query.from, to: query.to };
  });

/** A named period, or a custom range whose dates may be missing (then: every appointment). */
export type ReportQuery = { period: ReportPeriod; from?: string; to?: string };
