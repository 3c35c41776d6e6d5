// Commission (decision 0117): rates set by admins take effect from that moment; each sale
// line keeps the rate it was sold at, so a rate change mid-period splits the period; the
// commission is on the line's price after discount and without VAT. The report per stylist.
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as reportRoute from "~/routes/api.reports.commission";
import * as commissionRoute from "~/routes/api.stylists.$id.commission";
import { pinClock } from "../clock";
import { call, json, makeRequest, signedIn } from "../factories";
import { createService, signedInStylist } from "../services-factories";
import { createProduct, postRefund, postSale, setVat } from "./sales-helpers";

pinClock("2026-11-02T10:00:00.000Z");

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let sam: Awaited<ReturnType<typeof signedInStylist>>;
let kim: Awaited<ReturnType<typeof signedInStylist>>;
let cut: Awaited<ReturnType<typeof createService>>;

beforeAll(async () => {
  admin = await signedIn("admin");
  sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
  kim = await signedInStylist({ firstName: "Kim", lastName: "Colour" });
  cut = await createService({ name: "Cut", price: 6000 });
  await setVat("GB123456789", 20);
});

const setRates = async (token: string, stylistId: number, body: unknown) =>
  json(
    await call(commissionRoute.action, makeRequest("PUT", `/api/stylists/${stylistId}/commission`, { token, body }), {
      id: String(stylistId),
    }),
  );
const readRates = async (token: string, stylistId: number) =>
  json(
    await call(commissionRoute.loader, makeRequest("GET", `/api/stylists/${stylistId}/commission`, { token }), {
      id: String(stylistId),
    }),
  );
const report = async (token: string, query: string) =>
  json(await call(reportRoute.loader, makeRequest("GET", `/api/reports/commission?${query}`, { token })));

describe("commission", () => {
  it("a rate change mid-period applies to later sales only", async () => {
    const serum = await createProduct({ retailPrice: 1200, stockQuantity: 50 });
    const before = await setRates(admin.token, sam.stylist.id, { serviceRate: 40, productRate: 10 });
    expect(before).toMatchObject({ status: 200, body: { current: { serviceRate: 40, productRate: 10 } } });
    const sell = () =>
      postSale(admin.token, {
        lines: [
          // 6000 less 1200 discount = 4800, of which VAT 800: commission on 4000.
          { kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, discount: 1200 },
          // 1200, VAT 200: commission on 1000.
          { kind: "product", productId: serum.id, stylistId: sam.stylist.id },
        ],
        tips: [{ stylistId: sam.stylist.id, amount: 300 }],
        payments: [{ method: "card", amount: 6300 }],
      });
    const first = await sell();
    expect(first.body.lines).toMatchObject([
      { commissionRate: 40, commission: 1600 },
      { commissionRate: 10, commission: 100 },
    ]);

    vi.setSystemTime(new Date("2026-11-10T10:00:00.000Z"));
    expect((await setRates(admin.token, sam.stylist.id, { serviceRate: 45.5, productRate: 12 })).status).toBe(200);
    const second = await sell();
    // 45.5% of 4000 = 1820; 12% of 1000 = 120.
    expect(second.body.lines).toMatchObject([
      { commissionRate: 45.5, commission: 1820 },
      { commissionRate: 12, commission: 120 },
    ]);
    // Kim has no rates: her line earns nothing, and appears in the report with her tips.
    await postSale(admin.token, {
      lines: [{ kind: "service", serviceId: cut.id, stylistId: kim.stylist.id }],
      tips: [{ stylistId: kim.stylist.id, amount: 200 }],
      payments: [{ method: "cash", amount: 6200 }],
    });

    const rates = await readRates(sam.token, sam.stylist.id);
    expect(rates.body.history).toHaveLength(2);
    expect(rates.body.current).toEqual({ serviceRate: 45.5, productRate: 12 });

    const period = await report(admin.token, "from=2026-11-01&to=2026-11-30");
    expect(period.status).toBe(200);
    expect(period.body.stylists).toEqual([
      {
        stylistId: kim.stylist.id,
        name: "Kim Colour",
        serviceSales: 6000,
        productSales: 0,
        serviceCommission: 0,
        productCommission: 0,
        commission: 0,
        tips: 200,
      },
      {
        stylistId: sam.stylist.id,
        name: "Sam Scissors",
        serviceSales: 9600,
        productSales: 2400,
        serviceCommission: 1600 + 1820,
        productCommission: 100 + 120,
        commission: 3640,
        tips: 600,
      },
    ]);
    const firstWeek = await report(admin.token, "from=2026-11-01&to=2026-11-07");
    expect(firstWeek.body.totals).toMatchObject({ commission: 1700, tips: 300 });

    // A product given back takes its share of sales and commission off in the refund's period.
    await postRefund(admin.token, second.body.id, {
      lines: [{ saleLineId: second.body.lines[1].id, quantity: 1 }],
      amount: 1200,
      method: "card",
      reason: "Returned unopened",
    });
    const after = await report(admin.token, "from=2026-11-01&to=2026-11-30");
    expect(after.body.stylists[1]).toMatchObject({ productSales: 1200, productCommission: 100, commission: 3520 });
  });

  it("only admins set rates or read the report; a stylist reads their own rates; rates are 0-100", async () => {
    expect((await setRates(sam.token, sam.stylist.id, { serviceRate: 90, productRate: 90 })).status).toBe(403);
    expect((await report(sam.token, "from=2026-11-01&to=2026-11-30")).status).toBe(403);
    expect((await readRates(sam.token, kim.stylist.id)).status).toBe(404);
    const bad = await setRates(admin.token, sam.stylist.id, { serviceRate: 101, productRate: 5 });
    expect(bad).toMatchObject({ status: 400, body: { message: "Service rate must be between 0 and 100" } });
    expect((await setRates(admin.token, 999_999, { serviceRate: 1, productRate: 1 })).status).toBe(404);
    expect((await report(admin.token, "from=2026-11-30&to=2026-11-01")).status).toBe(400);
  });
});
