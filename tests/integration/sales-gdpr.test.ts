// Sales and the client's rights: the subject-access export includes their sales; an erasure
// keeps each sale's amounts (accounting records) but removes the client's link and name.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { sales } from "#db/schema";
import * as erasure from "~/routes/api.gdpr.erasure.$id";
import * as exportApi from "~/routes/api.gdpr.export.$id";
import { createTestClient } from "../clients-factories";
import { pinClock } from "../clock";
import { call, json, makeRequest, signedIn } from "../factories";
import { createService, signedInStylist } from "../services-factories";
import { getSale, postSale } from "./sales-helpers";

pinClock("2026-11-19T12:00:00.000Z");

describe("sales and GDPR", () => {
  it("the export lists the client's sales; the erasure keeps amounts and drops the name", async () => {
    const admin = await signedIn("admin");
    const sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
    const cut = await createService({ name: "Cut", price: 4200 });
    const client = await createTestClient({ name: "Petra Private" });
    const sale = await postSale(admin.token, {
      clientId: client.id,
      lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id }],
      tips: [{ stylistId: sam.stylist.id, amount: 300 }],
      payments: [{ method: "card", amount: 4500 }],
    });
    expect(sale.status).toBe(201);

    const exported = await json(
      await call(exportApi.loader, makeRequest("GET", `/api/gdpr/export/${client.id}`, { token: admin.token }), {
        id: String(client.id),
      }),
    );
    expect(exported.body.sales).toMatchObject([
      { id: sale.body.id, clientName: "Petra Private", total: 4200, tipsTotal: 300, lines: [{ description: "Cut" }] },
    ]);

    const erased = await json(
      await call(erasure.action, makeRequest("DELETE", `/api/gdpr/erasure/${client.id}`, { token: admin.token }), {
        id: String(client.id),
      }),
    );
    expect(erased).toMatchObject({ status: 200, body: { salesAnonymised: 1 } });
    const [row] = await db.select().from(sales).where(eq(sales.id, sale.body.id));
    expect(row).toMatchObject({ clientId: null, clientName: null, total: 4200, tipsTotal: 300, paid: 4500 });
    expect((await getSale(admin.token, sale.body.id)).body).toMatchObject({ clientName: null, total: 4200 });
  });
});
