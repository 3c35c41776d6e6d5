// The back office's page forms as a browser without JavaScript posts them: the Takings
// tab's cash-up records the difference, the staff screen's commission rates start a new
// rate with its history, the product dialog sets retail fields in pounds; the Commission
// tab and the CSV exports answer; stylists are refused.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { cashUps, commissionRates, products, salonSettings } from "#db/schema";
import * as commissionTab from "~/routes/_app.reports_.commission";
import * as takingsTab from "~/routes/_app.reports_.takings";
import * as staffPage from "~/routes/_app.settings.staff.$userId";
import * as productEdit from "~/routes/_app.shopping-list.products.$productId";
import * as takingsCsv from "~/routes/reports.takings[.]csv";
import { pinClock } from "../clock";
import { call, makeRequest, payloadOf, signedIn, statusOf } from "../factories";
import { createService, signedInStylist } from "../services-factories";
import { createProduct, postSale } from "./sales-helpers";

pinClock("2026-02-03T12:00:00.000Z");

describe("back office pages without JavaScript", () => {
  it("cash-up, commission rates, retail fields, commission tab and CSV", async () => {
    // The settings row exists before the first sale reads it (as the app's first start makes it).
    await db.insert(salonSettings).values({ id: 1 }).onConflictDoNothing();
    const admin = await signedIn("admin");
    const sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
    const cut = await createService({ name: "Cut", price: 3000 });
    await postSale(admin.token, {
      lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id }],
      payments: [{ method: "cash", amount: 5000 }],
    });

    const cashUp = await call(
      takingsTab.action,
      makeRequest("POST", "/reports/takings", {
        cookie: admin.cookie,
        form: { intent: "cash-up", date: "2026-02-03", countedCashInPounds: "29.50", notes: "One coin short" },
      }),
    );
    expect(statusOf(cashUp)).toBe(302);
    const [count] = await db.select().from(cashUps).where(eq(cashUps.date, "2026-02-03"));
    expect(count).toMatchObject({ countedCash: 2950, expectedCash: 3000, difference: -50, notes: "One coin short" });
    const tab = payloadOf(
      await call(takingsTab.loader, makeRequest("GET", "/reports/takings?date=2026-02-03", { cookie: admin.cookie })),
    );
    expect(tab.takings).toMatchObject({ expectedCash: 3000, cashUps: [{ difference: -50 }] });
    const csv = (await call(
      takingsCsv.loader,
      makeRequest("GET", "/reports/takings.csv?date=2026-02-03", { cookie: admin.cookie }),
    )) as Response;
    expect(csv.headers.get("Content-Disposition")).toContain("takings-2026-02-03.csv");
    expect(await csv.text()).toContain("Expected cash,30.00");
    expect(
      statusOf(await call(takingsTab.loader, makeRequest("GET", "/reports/takings", { cookie: sam.cookie }))),
    ).toBe(403);

    const rates = await call(
      staffPage.action,
      makeRequest("POST", `/settings/staff/${sam.user.id}`, {
        cookie: admin.cookie,
        form: { intent: "commission", serviceRate: "40", productRate: "10" },
      }),
      { userId: String(sam.user.id) },
    );
    expect(statusOf(rates)).toBe(302);
    expect(await db.select().from(commissionRates).where(eq(commissionRates.stylistId, sam.stylist.id))).toMatchObject([
      { serviceRate: 40, productRate: 10 },
    ]);
    const staff = payloadOf(
      await call(staffPage.loader, makeRequest("GET", `/settings/staff/${sam.user.id}`, { cookie: admin.cookie }), {
        userId: String(sam.user.id),
      }),
    );
    expect(staff.commission).toMatchObject({ current: { serviceRate: 40, productRate: 10 } });
    expect(staff.commission.history[0].from).toContain("2026");

    const product = await createProduct({ name: "Matt Paste", retailPrice: null, stockQuantity: 0 });
    const saved = await call(
      productEdit.action,
      makeRequest("POST", `/shopping-list/products/${product.id}`, {
        cookie: admin.cookie,
        form: { name: "Matt Paste", retailPriceInPounds: "12.50", stockQuantity: "6", reorderLevel: "2" },
      }),
      { productId: String(product.id) },
    );
    expect(statusOf(saved)).toBe(302);
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ retailPrice: 1250, stockQuantity: 6, reorderLevel: 2 });

    const commission = payloadOf(
      await call(
        commissionTab.loader,
        makeRequest("GET", "/reports/commission?from=2026-02-01&to=2026-02-28", { cookie: admin.cookie }),
      ),
    );
    expect(commission.report.stylists).toMatchObject([{ name: "Sam Scissors", serviceSales: 3000 }]);
  });
});
