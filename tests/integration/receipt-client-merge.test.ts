// A client merge moves the merged client's sales to the kept client (under the kept
// client's name, amounts untouched, receipts then show it); the sales' trigger still
// refuses moving a sale between two clients that both exist, by any writer.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import { sales } from "#db/schema";
import * as clientMerge from "~/routes/api.clients.$id.merge";
import { createTestClient } from "../clients-factories";
import { pinClock } from "../clock";
import { call, json, makeRequest, signedIn } from "../factories";
import { createService, signedInStylist } from "../services-factories";
import { getSale, postSale } from "./sales-helpers";

pinClock("2026-05-04T10:00:00.000Z");

describe("merging clients with sales", () => {
  it("relinks the duplicate's sales to the kept client, amounts unchanged", async () => {
    const admin = await signedIn("admin");
    const sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
    const cut = await createService({ name: "Cut", price: 3000 });
    const kept = await createTestClient({ name: "Mary Merged", phone: "07400 123001" });
    const duplicate = await createTestClient({ name: "Mary M", phone: "07400 123002" });
    const bystander = await createTestClient({ name: "Bea Bystander", phone: "07400 123003" });
    const sell = (clientId: number) =>
      postSale(admin.token, {
        clientId,
        lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id }],
        tips: [],
        payments: [{ method: "card", amount: 3000 }],
      });
    const ofDuplicate = await sell(duplicate.id);
    const ofKept = await sell(kept.id);
    const ofBystander = await sell(bystander.id);
    expect([ofDuplicate.status, ofKept.status, ofBystander.status]).toEqual([201, 201, 201]);

    // No writer may move a sale between two clients that both exist.
    await expect(
      rawClient().execute({ sql: "update sales set client_id = ? where id = ?", args: [kept.id, ofBystander.body.id] }),
    ).rejects.toThrow(/immutable/);

    const merged = await json(
      await call(
        clientMerge.action,
        makeRequest("POST", `/api/clients/${kept.id}/merge`, {
          token: admin.token,
          body: { duplicateClientId: duplicate.id },
        }),
        { id: String(kept.id) },
      ),
    );
    expect(merged).toMatchObject({ status: 200, body: { mergedClientId: duplicate.id, salesMoved: 1 } });
    const moved = (await getSale(admin.token, ofDuplicate.body.id)).body;
    expect(moved).toMatchObject({ clientId: kept.id, clientName: "Mary Merged", total: 3000, paid: 3000 });
    const rows = await db.select({ id: sales.id }).from(sales).where(eq(sales.clientId, kept.id));
    expect(rows.map((row) => row.id).sort()).toEqual([ofDuplicate.body.id, ofKept.body.id].sort());
    expect((await getSale(admin.token, ofBystander.body.id)).body.clientId).toBe(bystander.id);

    // Amounts stay immutable even on a sale whose client is gone.
    await expect(
      rawClient().execute({ sql: "update sales set total = 1 where id = ?", args: [ofDuplicate.body.id] }),
    ).rejects.toThrow(/immutable/);
  });
});
