// The day's takings and the cash-up (the "Z report"): payments by method, change, refunds,
// tips by stylist, the expected cash, and a count's difference. Salon days in London time.
import { desc } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server";
import { auditLog } from "#db/schema";
import * as cashUpRoute from "~/routes/api.cash-ups";
import * as takingsRoute from "~/routes/api.reports.takings";
import { pinClock } from "../clock";
import { call, json, makeRequest, signedIn } from "../factories";
import { createService, createStylist, signedInStylist } from "../services-factories";
import { postRefund, postSale } from "./sales-helpers";

// 23:30 on 15 July in London is 22:30 UTC: still the 15th for the salon.
pinClock("2026-07-15T09:00:00.000Z");

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let sam: Awaited<ReturnType<typeof signedInStylist>>;
let alex: Awaited<ReturnType<typeof createStylist>>;
let cut: Awaited<ReturnType<typeof createService>>;

beforeAll(async () => {
  admin = await signedIn("admin");
  sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
  alex = await createStylist({ firstName: "Alex", lastName: "Assistant" });
  cut = await createService({ name: "Cut", price: 3000 });
});

const takings = async (token: string, date: string) =>
  json(await call(takingsRoute.loader, makeRequest("GET", `/api/reports/takings?date=${date}`, { token })));
const cashUp = async (token: string, body: unknown) =>
  json(await call(cashUpRoute.action, makeRequest("POST", "/api/cash-ups", { token, body })));

describe("takings and cash-up", () => {
  it("adds up the day by method, with change, refunds and tips; a count records its difference", async () => {
    const line = { kind: "service", serviceId: cut.id, stylistId: sam.stylist.id };
    // Cash 5000 for 3000 + 500 tip: 1500 change.
    const first = await postSale(admin.token, {
      lines: [line],
      tips: [{ stylistId: sam.stylist.id, amount: 500 }],
      payments: [{ method: "cash", amount: 5000 }],
    });
    expect(first.status).toBe(201);
    // Split: card 2000 + voucher 1000, tip split between Sam and Alex.
    await postSale(admin.token, {
      lines: [line],
      tips: [
        { stylistId: sam.stylist.id, amount: 200 },
        { stylistId: alex.id, amount: 300 },
      ],
      payments: [
        { method: "card", amount: 2500 },
        { method: "voucher", amount: 1000 },
      ],
    });
    vi.setSystemTime(new Date("2026-07-15T22:30:00.000Z"));
    await postRefund(admin.token, first.body.id, { amount: 700, method: "cash", reason: "Fringe redone" });
    // The next salon day: not in the 15th's takings.
    vi.setSystemTime(new Date("2026-07-15T23:30:00.000Z"));
    await postSale(admin.token, { lines: [line], payments: [{ method: "cash", amount: 3000 }] });

    const day = await takings(admin.token, "2026-07-15");
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({
      date: "2026-07-15",
      salesCount: 2,
      salesTotal: 6000,
      tipsTotal: 1000,
      payments: { cash: 5000, card: 2500, voucher: 1000, other: 0 },
      change: 1500,
      refunds: { count: 1, total: 700, byMethod: { cash: 700, card: 0, voucher: 0, other: 0 } },
      net: 8500 - 1500 - 700,
      tipsByStylist: [
        { stylistId: alex.id, stylistName: "Alex Assistant", amount: 300 },
        { stylistId: sam.stylist.id, stylistName: "Sam Scissors", amount: 700 },
      ],
      expectedCash: 5000 - 1500 - 700,
      cashUps: [],
    });

    const counted = await cashUp(admin.token, { date: "2026-07-15", countedCash: 2750, notes: "Till short" });
    expect(counted).toMatchObject({
      status: 201,
      body: { date: "2026-07-15", countedCash: 2750, expectedCash: 2800, difference: -50, notes: "Till short" },
    });
    const recount = await cashUp(admin.token, { date: "2026-07-15", countedCash: 2800 });
    expect(recount.body).toMatchObject({ difference: 0, notes: null });
    const [audit] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "cash_up.record", entityId: recount.body.id });
    const again = await takings(admin.token, "2026-07-15");
    expect(again.body.cashUps.map((entry: { id: number }) => entry.id)).toEqual([recount.body.id, counted.body.id]);

    const next = await takings(admin.token, "2026-07-16");
    expect(next.body).toMatchObject({ salesCount: 1, expectedCash: 3000 });
  });

  it("admins only; dates are checked", async () => {
    expect((await takings(sam.token, "2026-07-15")).status).toBe(403);
    expect((await cashUp(sam.token, { date: "2026-07-15", countedCash: 1 })).status).toBe(403);
    expect((await takings(admin.token, "15/07/2026")).status).toBe(400);
    expect((await cashUp(admin.token, { date: "2026-07-15", countedCash: -1 })).status).toBe(400);
  });
});
