// A phone must be a number that can exist (libphonenumber's "valid", not merely
// "possible"): "07700 9001" was saved as +44077009001 and texted. Refused with a field
// error in every way a phone is written: /api, the client form, a booking's new client
// and the import. A record saved before stays editable while its phone is unchanged.
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { createClientRecord } from "~/domain/clients.server";
import { importClientCsv } from "~/domain/client-import.server";
import * as clientById from "~/routes/api.clients.$id._index";
import * as clientsApi from "~/routes/api.clients._index";
import * as newClientDialog from "~/routes/_app.clients.new";
import { createTestClient } from "../clients-factories";
import { call, json, makeRequest, payloadOf, signedIn } from "../factories";

const INVALID = "Not a valid phone number: check the digits, or write it with the country code (+44)";

describe("a phone that cannot exist", () => {
  it("is refused by POST and PUT /api/clients with 400 naming the phone", async () => {
    const admin = await signedIn("admin");
    const create = (body: Record<string, unknown>) =>
      call(clientsApi.action, makeRequest("POST", "/api/clients", { token: admin.token, body })).then(json);
    expect(await create({ name: "Short Number", phone: "07700 9001" })).toEqual({
      status: 400,
      body: { message: INVALID, errors: { phone: [INVALID] } },
    });
    expect((await create({ name: "Drama Range", phone: "07700 900123" })).status).toBe(400);
    expect((await create({ name: "Real Number", phone: "07400 900123" })).status).toBe(201);

    const stored = await createTestClient({ name: "Stored Before", phone: "07700 9001" });
    const put = (body: Record<string, unknown>) =>
      call(clientById.action, makeRequest("PUT", `/api/clients/${stored.id}`, { token: admin.token, body }), {
        id: String(stored.id),
      }).then(json);
    // Unchanged, the old number does not block other edits; a new invalid one is refused.
    expect((await put({ notes: "Prefers mornings" })).status).toBe(200);
    expect((await put({ phone: "07700 9002" })).body).toEqual({ message: INVALID, errors: { phone: [INVALID] } });
  });

  it("is a field error in the Add Client form", async () => {
    const admin = await signedIn("admin");
    const result = payloadOf(
      await call(
        newClientDialog.action,
        makeRequest("POST", "/clients/new", {
          cookie: admin.cookie,
          form: { name: "Form Person", phone: "07700 9001", gdprConsent: "on" },
        }),
      ),
    );
    expect(result.result.error).toMatchObject({ phone: [INVALID] });
  });

  it("is refused for a booking's new client, writing nothing", async () => {
    const admin = await signedIn("admin");
    await expect(
      db.transaction((tx) => createClientRecord(tx, admin.user, { name: "Walk In", phone: "07700 9001" })),
    ).rejects.toThrow(INVALID);
  });

  it("is an error row in an import, numbered as in the file", async () => {
    const admin = await signedIn("admin");
    const result = await importClientCsv(admin.user, "name,phone\nGood Number,07400 900555\nBad Number,07700 9001\n");
    expect(result).toMatchObject({ imported: 1, errors: 1, errorRows: [{ row: 3, message: `phone: ${INVALID}` }] });
  });
});
