// The Reports screen's loader: titles per role, the period in the URL, clear errors.
import { beforeAll, describe, expect, it } from "vitest";
import * as reportsPage from "~/routes/_app.reports";
import { END_BEFORE_START } from "~/lib/schemas/reports";
import { call, makeRequest, statusOf } from "../factories";
import { reportFixture } from "../reports-factories";

type Fixture = Awaited<ReturnType<typeof reportFixture>>;
let fx: Fixture;

beforeAll(async () => {
  fx = await reportFixture();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = async (path: string, cookie: string): Promise<any> => {
  const result = await call(reportsPage.loader, makeRequest("GET", path, { cookie }));
  return result && typeof result === "object" && "type" in result
    ? { status: statusOf(result), ...(result as unknown as { data: object }).data }
    : { status: 200, ...(result as object) };
};

describe("GET /reports", () => {
  it("shows the custom week, with chart bars per day", async () => {
    const page = await load("/reports?period=custom&from=2026-10-19&to=2026-10-25", fx.admin.cookie);
    expect(page).toMatchObject({
      status: 200,
      admin: true,
      errors: null,
      values: { period: "custom", from: "2026-10-19", to: "2026-10-25" },
    });
    expect(page.report).toMatchObject({ totalRevenue: 23500, chart: { unit: "day" } });
    expect(page.report.chart.buckets).toHaveLength(7);
  });

  it("defaults to Last Month, and a year is drawn per week", async () => {
    expect((await load("/reports", fx.admin.cookie)).report.period).toBe("month");
    const year = await load("/reports?period=year", fx.admin.cookie);
    expect(year.report.chart.unit).toBe("week");
    expect(year.report.chart.buckets.length).toBeLessThanOrEqual(53);
  });

  it("is My Performance for a stylist", async () => {
    const page = await load("/reports?period=custom&from=2026-10-19&to=2026-10-25", fx.ann.cookie);
    expect(page).toMatchObject({ admin: false, report: { scope: "own", totalRevenue: 11500 } });
  });

  it("answers an end before the start with a clear error, not an empty report", async () => {
    const page = await load("/reports?period=custom&from=2026-10-25&to=2026-10-19", fx.admin.cookie);
    expect(page).toMatchObject({
      status: 400,
      report: null,
      errors: { to: [END_BEFORE_START] },
      values: { from: "2026-10-25", to: "2026-10-19" },
    });
  });
});
