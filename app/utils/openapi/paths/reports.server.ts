import { z } from "zod";
import { ReportQuerySchema } from "~/lib/schemas/reports";
import { ReportView } from "~/lib/schemas/views/reports";
import type { Report } from "~/domain/reports.server";
import { answerFits, type ApiArea } from "../registry.server";

export const reportsArea: ApiArea = {
  tag: "Reports",
  description:
    "Figures for a period: `period=today|week|month|quarter|year`, or `from`/`to` salon dates. A stylist's token gets their own figures.",
  operations: [
    {
      method: "get",
      path: "/api/reports",
      summary: "The report for a period (money in pence, rates 0-1)",
      query: ReportQuerySchema,
      answers: { 200: { description: "The report.", schema: ReportView } },
      errors: [400, 403],
    },
    {
      method: "get",
      path: "/api/reports/export",
      summary: "The same report as a CSV download",
      query: ReportQuerySchema,
      answers: {
        200: {
          description: "`salon-report-{period}-{date}.csv` (Content-Disposition: attachment).",
          schema: z.string(),
          contentType: "text/csv",
        },
      },
      errors: [400, 403],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof ReportView, Report & { revenueSource: string }>();
