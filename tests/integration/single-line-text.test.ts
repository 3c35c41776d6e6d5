// One-line text (names, titles, phones) refuses every control character, the line break
// included: a service called "Line1\nLine2" broke its calendar event, which calendar apps
// then skipped. Notes keep their line breaks. The /api names the field; forms mark it.
import { describe, expect, it } from "vitest";
import * as clientsApi from "~/routes/api.clients._index";
import * as salonSettingsApi from "~/routes/api.salon-settings._index";
import * as servicesApi from "~/routes/api.services._index";
import * as salonSettingsPage from "~/routes/_app.settings.salon";
import * as newServiceDialog from "~/routes/_app.services.new";
import { call, json, makeRequest, signedIn } from "../factories";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- action data of every shape, read by the assertions
function payload(result: unknown): any {
  return result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit"
    ? (result as unknown as { data: unknown }).data
    : result;
}

describe("/api", () => {
  it("answers 400 naming the field for a line break in a service's or the salon's name", async () => {
    const admin = await signedIn("admin");
    const service = await json(
      await call(
        servicesApi.action,
        makeRequest("POST", "/api/services", {
          token: admin.token,
          body: { name: "Line1\nLine2", category: "Hair", duration: 30, price: 2500 },
        }),
      ),
    );
    expect(service).toMatchObject({
      status: 400,
      body: {
        message: "Service name must not contain control characters",
        errors: { name: ["Service name must not contain control characters"] },
      },
    });
    const category = await json(
      await call(
        servicesApi.action,
        makeRequest("POST", "/api/services", {
          token: admin.token,
          body: { name: "Cut", category: "Ha\rir", duration: 30, price: 2500 },
        }),
      ),
    );
    expect(category.body.message).toBe("Category must not contain control characters");
    const salon = await json(
      await call(
        salonSettingsApi.action,
        makeRequest("POST", "/api/salon-settings", { token: admin.token, body: { salonName: "Line1\nLine2" } }),
      ),
    );
    expect(salon).toMatchObject({
      status: 400,
      body: {
        message: "Salon name must not contain control characters",
        errors: { salonName: ["Salon name must not contain control characters"] },
      },
    });
  });

  it("names the field for NUL too, and keeps line breaks in notes but nothing else", async () => {
    const admin = await signedIn("admin");
    const create = (body: Record<string, unknown>) =>
      call(clientsApi.action, makeRequest("POST", "/api/clients", { token: admin.token, body })).then(json);
    // Refused before the client rules run, so named by the body's own field name.
    expect(await create({ name: "Ann\u0000Lee", phone: "07400 900301" })).toMatchObject({
      status: 400,
      body: { message: "name must not contain control characters" },
    });
    expect((await create({ name: "Ann Lee", phone: "07400\n900301" })).body.message).toBe(
      "Phone must not contain control characters",
    );
    expect((await create({ name: "Ann Lee", phone: "07400 900301", notes: "one\u0007two" })).body.message).toBe(
      "notes must not contain control characters",
    );
    expect((await create({ name: "Ann Lee", phone: "07400 900301", notes: "line one\r\nline two\tend" })).status).toBe(
      201,
    );
  });
});

describe("forms", () => {
  it("mark the service name and the salon name with a field error", async () => {
    const admin = await signedIn("admin");
    const service = payload(
      await call(
        newServiceDialog.action,
        makeRequest("POST", "/services/new", {
          cookie: admin.cookie,
          form: { name: "Line1\nLine2", category: "Hair", duration: "30", priceInPounds: "25" },
        }),
      ),
    );
    expect(service.result.error).toEqual({ name: ["Service name must not contain control characters"] });
    const salon = payload(
      await call(
        salonSettingsPage.action,
        makeRequest("POST", "/settings/salon", {
          cookie: admin.cookie,
          form: { salonName: "Line1\nLine2", openTime: "09:00", closeTime: "18:00" },
        }),
      ),
    );
    expect(salon.result.error).toMatchObject({ salonName: ["Salon name must not contain control characters"] });
  });
});
