// A week of report data made through /api like a script would (Mon 20 - Sun 26 October
// 2025, London; the clocks go back on the Sunday). In the past, since only an appointment
// that has started can be completed. Made once per run: both the JavaScript and the
// no-JavaScript project read the same week.
import { test } from "@playwright/test";
import { apiRequest, apiToken, stylistIds } from "./calendar-fixtures";

export const REPORT_WEEK = { from: "2025-10-20", to: "2025-10-26" };
export const REPORT_QUERY = `period=custom&from=${REPORT_WEEK.from}&to=${REPORT_WEEK.to}`;

async function create(path: string, token: string, body: unknown): Promise<number> {
  const { status, body: created } = await apiRequest("POST", path, token, body);
  if (status !== 201 && status !== 200) throw new Error(`${path}: ${status} ${JSON.stringify(created)}`);
  return created.id as number;
}

export async function reportWeek() {
  const token = await apiToken();
  const existing = await apiRequest("GET", `/api/reports?from=${REPORT_WEEK.from}&to=${REPORT_WEEK.to}`, token);
  if (existing.body.completedCount > 0) return;
  const stylists = await stylistIds(token);
  const sofia = stylists["Sofia Stylist"]!;
  const theo = stylists["Theo Trimmer"]!;
  const balayage = await create("/api/services", token, {
    name: "Report Balayage",
    category: "Colour",
    duration: 120,
    price: 12000,
  });
  const trim = await create("/api/services", token, {
    name: "Report Trim",
    category: "Hair",
    duration: 30,
    price: 2000,
  });
  const rita = await create("/api/clients", token, { name: "Rita Report", phone: "07400 900565" });
  const formula = await create("/api/clients", token, { name: "=1+2 Formula", phone: "07400 900556" });
  const book = (
    stylistId: number,
    clientId: number | null,
    serviceId: number | null,
    startTime: string,
    status: string,
    endTime?: string,
  ) =>
    create("/api/appointments", token, {
      stylistId,
      clientId,
      serviceId,
      startTime,
      endTime,
      status,
      availabilityOverride: true,
    });
  await book(sofia, rita, balayage, "2025-10-21T09:00:00Z", "completed"); // £120 as booked
  await book(sofia, rita, trim, "2025-10-22T09:00:00Z", "completed"); // £20
  await book(theo, formula, trim, "2025-10-23T10:00:00Z", "cancelled");
  await book(theo, null, null, "2025-10-24T10:00:00Z", "blocked", "2025-10-24T12:00:00Z");
  await book(theo, formula, trim, "2025-10-26T19:00:00Z", "completed"); // £20, on the 25-hour Sunday
  // The price goes up after booking: the report keeps the booked £120.
  const { status } = await apiRequest("PUT", `/api/services/${balayage}`, token, {
    name: "Report Balayage",
    category: "Colour",
    duration: 120,
    price: 15000,
  });
  if (status !== 200) throw new Error(`price change: ${status}`);
}

/** Makes the week before the spec's tests run. */
export function reportSetup() {
  test.beforeAll(async () => {
    await reportWeek();
  });
}
