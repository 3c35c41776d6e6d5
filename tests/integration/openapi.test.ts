// GET /api/openapi.json (decision 0080): the document validates as
// OpenAPI 3.1, describes exactly the `/api` route files, and every described operation,
// called against the real route modules, answers what the document says.
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twilioSignature } from "~/domain/sms.server";
import * as openApiRoute from "~/routes/api.openapi[.]json";
import { EXCLUDED_ROUTE_FILES, openApiDocument } from "~/utils/openapi/document.server";
import { apiRouteFiles, type ApiRouteFile } from "../api-route-files";
import { createService, stylistSession } from "../calendar-factories";
import { createTestAppointment, createTestClient } from "../clients-factories";
import { call, context, makeRequest, PASSWORD, signedIn } from "../factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { startFakeSmtp } from "../smtp-fake-server";
import { configureSms, SECRET } from "../sms-factories";
import { useTestClock } from "../clock";
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { products, salonSettings } from "#db/schema";
import { saveSalonSettings } from "~/domain/settings.server";
import { addDays, isoDayOfWeek, todayInZone, zonedToUtc } from "~/lib/salon-time";
import { solvedPayload, stylistAndService, switchOn, tokenOf } from "../online-booking-factories";

// Counts from today: the tests' clock (tests/clock.ts) fixes the day, or CI's second run moves it.
useTestClock();

type Answer = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> };
type Operation = {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, Answer>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Answer> };
};

const routeModules = import.meta.glob<{ loader?: unknown; action?: unknown }>("../../app/routes/api.*.ts");
const files = apiRouteFiles().filter((route) => !EXCLUDED_ROUTE_FILES.includes(route.file));
let doc: Document;

async function documentOf(): Promise<Document> {
  const response = (await call(openApiRoute.loader, makeRequest("GET", "/api/openapi.json"))) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await response.json()) as Document;
}

beforeAll(async () => {
  doc = await documentOf();
});

describe("the document", () => {
  it("lists null among the values of every nullable enum", () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (!node || typeof node !== "object") return;
      const schema = node as { type?: unknown; enum?: unknown[] };
      if (
        Array.isArray(schema.type) &&
        schema.type.includes("null") &&
        Array.isArray(schema.enum) &&
        !schema.enum.includes(null)
      )
        missing.push(path);
      for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
    };
    walk(doc, "");
    expect(missing).toEqual([]);
  });

  it("is valid OpenAPI 3.1, public, and built once", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openApiDocument()).toBe(openApiDocument());
    expect(await documentOf()).toEqual(doc);
  });

  it("marks sign-in, setup, the Twilio webhook and itself public, and everything else bearer", () => {
    const publicOps = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length === 0)
        .map(([method]) => `${method} ${path}`),
    );
    expect(publicOps.sort()).toEqual([
      "get /api/openapi.json",
      "get /api/public/bookings/{token}",
      "get /api/public/challenge",
      "get /api/public/salon",
      "get /api/public/services",
      "get /api/public/slots",
      "post /api/login",
      "post /api/logout",
      "post /api/public/bookings",
      "post /api/public/bookings/{token}/cancel",
      "post /api/public/bookings/{token}/reschedule",
      "post /api/setup-admin",
      "post /api/sms/inbound/twilio",
    ]);
  });
});

describe("route files and described paths", () => {
  const described = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
  const fromFiles = () => files.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));

  it("derives paths and methods from the flat-route file names and sources", () => {
    const byFile = Object.fromEntries(apiRouteFiles().map((route) => [route.file, route]));
    expect(byFile["api.clients.$id._index.ts"]).toMatchObject({
      path: "/api/clients/{id}",
      methods: ["GET", "PUT", "DELETE"],
    });
    expect(byFile["api.openapi[.]json.ts"]).toMatchObject({ path: "/api/openapi.json", methods: ["GET"] });
    expect(byFile["api.shopping-list.$id.$step.ts"]).toMatchObject({
      path: "/api/shopping-list/{id}/{step}",
      methods: ["POST"],
    });
    expect(byFile["api.login.ts"]?.methods).toEqual(["POST"]);
  });

  it("describes every method of every /api route file", () => {
    expect(fromFiles().filter((operation) => !described().includes(operation))).toEqual([]);
  });

  it("describes the paging convention on every list the routes page", () => {
    const paged = apiRouteFiles().filter((route) =>
      readFileSync(join(import.meta.dirname, "../../app/routes", route.file), "utf8").includes("pagedJson("),
    );
    expect(paged.length).toBeGreaterThan(5);
    for (const route of paged) {
      const operation = doc.paths[route.path]!.get!;
      expect(
        operation.parameters?.map((parameter) => parameter.name),
        route.path,
      ).toEqual(expect.arrayContaining(["limit", "cursor"]));
      expect(Object.keys(operation.responses["200"]!.headers ?? {}), route.path).toContain("Link");
    }
  });

  it("describes nothing that has no route file", () => {
    expect(described().filter((operation) => !fromFiles().includes(operation))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// Every described operation called with a valid request; its answer checked against the
// document's schema for that status (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it).

type Call = {
  token?: string;
  path: string;
  body?: unknown;
  request?: Request;
  status?: number;
  after?: (response: Response) => Promise<void>;
};
type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let stylist: Session;
let fake: FakeProviders;
const APP_URL = "https://salon.example";

async function routeFor(path: string): Promise<{ route: ApiRouteFile; params: Record<string, string> }> {
  const bare = path.split("?")[0]!;
  const route = files
    .filter((candidate) => candidate.pattern.test(bare))
    .sort((a, b) => a.params.length - b.params.length)[0];
  if (!route) throw new Error(`no route file for ${path}`);
  const values = route.pattern.exec(bare)!.slice(1);
  return { route, params: Object.fromEntries(route.params.map((name, index) => [name, values[index]!])) };
}

async function send(method: string, spec: Call): Promise<Response> {
  const { route, params } = await routeFor(spec.path);
  const module = await routeModules[`../../app/routes/${route.file}`]!();
  const request =
    spec.request ?? makeRequest(method.toUpperCase(), spec.path, { token: spec.token ?? admin.token, body: spec.body });
  const handler = method === "get" ? module.loader : module.action;
  const response = await (handler as (args: unknown) => Promise<Response>)({ request, params, context });
  return response;
}

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
let validatorsReady = false;
/** The validator of the JSON schema at `pointer` in the document. */
function schemaAt(pointer: string) {
  if (!validatorsReady) {
    ajv.addSchema({ ...doc, $id: "openapi.json" } as object);
    validatorsReady = true;
  }
  const validate = ajv.getSchema(`openapi.json#${pointer}`);
  if (!validate) throw new Error(`no JSON schema described at ${pointer}`);
  return validate;
}

/** The JSON schema of an answer, by its JSON pointer in the document. */
function checkAgainstDocument(pointer: string, body: unknown) {
  const validate = schemaAt(`${pointer}/content/application~1json/schema`);
  const valid = validate(body);
  expect(valid ? [] : validate.errors, pointer).toEqual([]);
}

/** What the described request body of an operation finds wrong with `body` (none: []). */
function requestBodyErrors(method: string, template: string, body: unknown) {
  const operation = `/paths/${template.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}`;
  const validate = schemaAt(`${operation}/requestBody/content/application~1json/schema`);
  return validate(body) ? [] : validate.errors;
}

/** The described answer for a status, following a `$ref` to the shared error answers, and its JSON pointer. */
function describedAnswer(method: string, template: string, status: number): { pointer: string; answer: Answer } {
  const answer = doc.paths[template]?.[method]?.responses[String(status)];
  if (!answer) throw new Error(`${method} ${template} does not describe ${status}`);
  if (!answer.$ref)
    return {
      pointer: `/paths/${template.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/responses/${status}`,
      answer,
    };
  const name = answer.$ref.replace("#/components/responses/", "");
  return { pointer: `/components/responses/${name}`, answer: doc.components.responses[name]! };
}

const checked = new Set<string>();

async function expectDescribed(method: string, template: string, spec: Call) {
  const response = await send(method, spec);
  const expected =
    spec.status ??
    Object.keys(doc.paths[template]?.[method]?.responses ?? {})
      .map(Number)
      .find((status) => status < 300);
  // A live stream never ends: only its headers are checked.
  const text = response.headers.get("Content-Type")?.startsWith("text/event-stream")
    ? ""
    : await response.clone().text();
  expect(response.status, `${method} ${spec.path}: ${text}`).toBe(expected);
  const { pointer, answer } = describedAnswer(method, template, response.status);
  for (const header of ["Link", "X-Has-Older", "Retry-After"]) {
    if (response.headers.has(header))
      expect(Object.keys(answer.headers ?? {}), `${method} ${template} ${header}`).toContain(header);
  }
  const media = answer.content ?? {};
  if (media["application/json"]) checkAgainstDocument(pointer, JSON.parse(text));
  else expect(response.headers.get("Content-Type") ?? "").toContain(Object.keys(media)[0] ?? "");
  await spec.after?.(response);
  checked.add(`${method} ${template}`);
  return response;
}

beforeAll(async () => {
  fake = await startFakeProviders();
  fake.useForAll();
  process.env.APP_URL = APP_URL;
});
afterAll(async () => {
  await fake.close();
});

describe("every described operation answers as described", () => {
  it("setup and sign-in", async () => {
    // First, while the salon has no administrator yet.
    const setup = await expectDescribed("post", "/api/setup-admin", {
      path: "/api/setup-admin",
      token: "",
      body: { firstName: "Ada", lastName: "Owner", email: "owner@salon.test", password: "a-long-and-unusual-pass" },
    });
    const owner = (await setup.json()) as { token: string };
    await expectDescribed("get", "/api/user", { path: "/api/user", token: owner.token });
    await expectDescribed("post", "/api/setup-admin", { path: "/api/setup-admin", token: "", body: {}, status: 409 });

    admin = await stylistSession("admin");
    stylist = await stylistSession("stylist");
    await expectDescribed("post", "/api/login", {
      path: "/api/login",
      token: "",
      body: { email: stylist.user.email, password: PASSWORD },
    });
    await expectDescribed("post", "/api/login", {
      path: "/api/login",
      token: "",
      body: { email: "nobody" },
      status: 400,
    });
    const leaving = await signedIn("stylist");
    await expectDescribed("post", "/api/logout", { path: "/api/logout", token: leaving.token });
    await expectDescribed("get", "/api/user", { path: "/api/user", token: leaving.token, status: 401 });
  });

  it("appointments", async () => {
    const service = await createService({ name: "Cut & Finish", price: 4500, duration: 60 });
    const client = await createTestClient({ name: "Jane Doe" });
    const booking = {
      clientId: client.id,
      stylistId: stylist.stylistId,
      serviceId: service.id,
      startTime: "2026-12-01T10:00:00.000Z",
    };
    const created = await expectDescribed("post", "/api/appointments", { path: "/api/appointments", body: booking });
    const { id } = (await created.json()) as { id: number };
    await expectDescribed("post", "/api/appointments", { path: "/api/appointments", body: booking, status: 409 });
    await expectDescribed("get", "/api/appointments", {
      path: "/api/appointments?from=2026-11-30&to=2026-12-02&limit=1",
    });
    await expectDescribed("get", "/api/appointments", { path: "/api/appointments?limit=0", status: 400 });
    await expectDescribed("get", "/api/appointments/{id}", { path: `/api/appointments/${id}` });
    await expectDescribed("get", "/api/appointments/{id}", {
      path: `/api/appointments/${id}`,
      token: (await stylistSession()).token,
      status: 404,
    });
    await expectDescribed("put", "/api/appointments/{id}", {
      path: `/api/appointments/${id}`,
      body: { ...booking, notes: "Fringe too" },
    });
    await expectDescribed("patch", "/api/appointments/{id}", {
      path: `/api/appointments/${id}`,
      body: { startTime: "2026-12-01T11:00:00.000Z" },
    });
    await expectDescribed("get", "/api/appointments/{id}/history", { path: `/api/appointments/${id}/history?limit=2` });
    // The whole history: its created entry has every field's `before` null, the status too.
    await expectDescribed("get", "/api/appointments/{id}/history", { path: `/api/appointments/${id}/history` });
    await expectDescribed("get", "/api/appointments/{id}/history", {
      path: `/api/appointments/${id}/history`,
      token: (await stylistSession()).token,
      status: 404,
    });
    await expectDescribed("get", "/api/dashboard/stats", { path: "/api/dashboard/stats?date=2026-12-01" });
    await expectDescribed("delete", "/api/appointments/{id}", { path: `/api/appointments/${id}` });
    const series = await expectDescribed("post", "/api/appointments", {
      path: "/api/appointments",
      body: { ...booking, startTime: "2026-12-08T10:00:00.000Z", repeat: { everyWeeks: 1, count: 3 } },
    });
    const { created: occurrences } = (await series.json()) as { created: { id: number }[] };
    await expectDescribed("delete", "/api/appointments/{id}", {
      path: `/api/appointments/${occurrences[1]!.id}?scope=following`,
    });
    const controller = new AbortController();
    await expectDescribed("get", "/api/events", {
      path: "/api/events",
      request: new Request("http://localhost:3000/api/events", {
        headers: { Authorization: `Bearer ${admin.token}` },
        signal: controller.signal,
      }),
      after: async (response) => {
        controller.abort();
        await response.body?.cancel();
      },
    });
  });

  it("clients and GDPR", async () => {
    const created = await expectDescribed("post", "/api/clients", {
      path: "/api/clients",
      body: { name: "Mia Wong", phone: "07400 900777", email: "mia@example.com" },
    });
    const { id } = (await created.json()) as { id: number };
    await expectDescribed("post", "/api/clients", {
      path: "/api/clients",
      body: { name: "Mia Again", phone: "07400 900777" },
      status: 409,
    });
    await expectDescribed("get", "/api/clients", { path: "/api/clients?q=Mia&limit=5" });
    await expectDescribed("get", "/api/clients/{id}", { path: `/api/clients/${id}` });
    await expectDescribed("get", "/api/clients/{id}", { path: "/api/clients/0x10", status: 404 });
    await expectDescribed("put", "/api/clients/{id}", {
      path: `/api/clients/${id}`,
      body: { notes: "Prefers mornings" },
    });
    await expectDescribed("post", "/api/clients/{id}/erasure-request", { path: `/api/clients/${id}/erasure-request` });
    await expectDescribed("get", "/api/gdpr/erasure-requests", { path: "/api/gdpr/erasure-requests" });
    await expectDescribed("delete", "/api/clients/{id}/erasure-request", {
      path: `/api/clients/${id}/erasure-request`,
    });
    await expectDescribed("post", "/api/clients/{id}/patch-tests", {
      path: `/api/clients/${id}/patch-tests`,
      body: { testedAt: "2026-01-05T10:00:00Z", result: "pass", product: "Majirel" },
      status: 201,
    });
    await expectDescribed("get", "/api/clients/{id}/patch-tests", { path: `/api/clients/${id}/patch-tests` });
    const duplicate = await createTestClient({ name: "Mia W." });
    await expectDescribed("post", "/api/clients/{id}/merge", {
      path: `/api/clients/${id}/merge`,
      body: { duplicateClientId: duplicate.id },
    });
    await expectDescribed("post", "/api/clients/{id}/merge", {
      path: `/api/clients/${id}/merge`,
      token: stylist.token,
      body: { duplicateClientId: id },
      status: 403,
    });
    await expectDescribed("post", "/api/clients/bulk-import", {
      path: "/api/clients/bulk-import",
      body: { clients: [{ name: "Imported One", phone: "07400 900888" }, { name: "" }] },
    });
    await expectDescribed("get", "/api/gdpr/export/{id}", { path: `/api/gdpr/export/${id}` });
    await expectDescribed("get", "/api/gdpr/overview", { path: "/api/gdpr/overview" });
    await expectDescribed("get", "/api/gdpr/audit-log", { path: "/api/gdpr/audit-log?limit=2" });
    await expectDescribed("get", "/api/gdpr/clients-for-deletion", { path: "/api/gdpr/clients-for-deletion" });
    await expectDescribed("delete", "/api/gdpr/erasure/{id}", { path: `/api/gdpr/erasure/${id}` });
    const other = await createTestClient();
    await expectDescribed("delete", "/api/clients/{id}", { path: `/api/clients/${other.id}` });
  });

  it("services, stylists, availability and pricing", async () => {
    const created = await expectDescribed("post", "/api/services", {
      path: "/api/services",
      body: { name: "Balayage", category: "Colour", duration: 120, price: 12000 },
    });
    const { id } = (await created.json()) as { id: number };
    await expectDescribed("post", "/api/services", {
      path: "/api/services",
      token: stylist.token,
      body: { name: "X", category: "Y", duration: 30, price: 100 },
      status: 403,
    });
    await expectDescribed("get", "/api/services", { path: "/api/services?activeOnly=true" });
    await expectDescribed("get", "/api/services/{id}", { path: `/api/services/${id}` });
    await expectDescribed("put", "/api/services/{id}", {
      path: `/api/services/${id}`,
      body: { name: "Balayage", category: "Colour", duration: 150, price: 13000, color: "violet" },
    });
    await expectDescribed("patch", "/api/services/{id}", { path: `/api/services/${id}`, body: { duration: 135 } });
    // Back to the default colour: a null the described request body must accept.
    const uncoloured = { color: null };
    expect(requestBodyErrors("patch", "/api/services/{id}", uncoloured)).toEqual([]);
    await expectDescribed("patch", "/api/services/{id}", { path: `/api/services/${id}`, body: uncoloured });
    await expectDescribed("get", "/api/stylists", { path: "/api/stylists" });
    await expectDescribed("post", "/api/stylists/{id}/pricing", {
      path: `/api/stylists/${stylist.stylistId}/pricing`,
      body: { serviceId: id, price: 9900 },
    });
    await expectDescribed("get", "/api/stylists/{id}/pricing", {
      path: `/api/stylists/${stylist.stylistId}/pricing`,
      token: stylist.token,
    });
    await expectDescribed("put", "/api/stylists/{id}/sms-preference", {
      path: `/api/stylists/${stylist.stylistId}/sms-preference`,
      body: { smsRemindersEnabled: false },
    });
    await expectDescribed("put", "/api/stylists/{id}/online-booking", {
      path: `/api/stylists/${stylist.stylistId}/online-booking`,
      body: { onlineBookable: false },
    });
    await expectDescribed("put", "/api/stylists/{id}/online-booking", {
      path: `/api/stylists/${stylist.stylistId}/online-booking`,
      body: { onlineBookable: "maybe" },
      status: 400,
    });
    await expectDescribed("post", "/api/stylists/{id}/calendar-feed", {
      path: `/api/stylists/${stylist.stylistId}/calendar-feed`,
      token: stylist.token,
      status: 201,
    });
    await expectDescribed("post", "/api/stylists/{id}/calendar-feed", {
      path: `/api/stylists/${stylist.stylistId}/calendar-feed`,
      token: stylist.token,
      status: 200,
    });
    await expectDescribed("get", "/api/stylists/{id}/calendar-feed", {
      path: `/api/stylists/${stylist.stylistId}/calendar-feed`,
      token: stylist.token,
    });
    await expectDescribed("delete", "/api/stylists/{id}/calendar-feed", {
      path: `/api/stylists/${stylist.stylistId}/calendar-feed`,
      token: stylist.token,
    });
    await expectDescribed("get", "/api/stylist/availability", {
      path: "/api/stylist/availability",
      token: stylist.token,
    });
    await expectDescribed("put", "/api/stylist/availability", {
      path: "/api/stylist/availability",
      token: stylist.token,
      body: { dayOfWeek: 2, isWorking: true, startTime: "09:00", endTime: "17:00" },
    });
    await expectDescribed("put", "/api/stylist/availability", {
      path: "/api/stylist/availability",
      token: stylist.token,
      body: { scheduleMode: "weekly" },
    });
    const off = await expectDescribed("post", "/api/stylist/time-off", {
      path: "/api/stylist/time-off",
      token: stylist.token,
      body: { startDate: "2026-12-20", endDate: "2026-12-21", reason: "Holiday" },
    });
    await expectDescribed("get", "/api/stylist/time-off", { path: "/api/stylist/time-off", token: stylist.token });
    await expectDescribed("delete", "/api/stylist/time-off/{id}", {
      path: `/api/stylist/time-off/${((await off.json()) as { id: number }).id}`,
      token: stylist.token,
    });
    const busy = await createTestAppointment({
      clientId: null,
      stylistId: stylist.stylistId,
      serviceId: id,
      startTime: "2026-12-28T10:00:00.000Z",
    });
    expect(busy.id).toBeGreaterThan(0);
    await expectDescribed("post", "/api/stylist/time-off", {
      path: "/api/stylist/time-off",
      token: stylist.token,
      body: { startDate: "2026-12-28", endDate: "2026-12-28" },
      status: 409,
    });
  });

  it("users", async () => {
    const created = await expectDescribed("post", "/api/register", {
      path: "/api/register",
      body: {
        firstName: "Nia",
        lastName: "Cole",
        email: "nia@salon.test",
        password: "another-unusual-pass",
        role: "stylist",
      },
    });
    const { id } = (await created.json()) as { id: number };
    await expectDescribed("post", "/api/register", {
      path: "/api/register",
      token: stylist.token,
      body: { firstName: "A", lastName: "B", email: "ab@salon.test", password: "another-unusual-pass" },
      status: 403,
    });
    await expectDescribed("get", "/api/users", { path: "/api/users" });
    await expectDescribed("patch", "/api/users/{id}", { path: `/api/users/${id}`, body: { lastName: "Cole-Smith" } });
    await expectDescribed("patch", "/api/users/{id}/password", {
      path: `/api/users/${id}/password`,
      body: { password: "a-reset-unusual-pass" },
    });
    const self = await signedIn("stylist");
    await expectDescribed("patch", "/api/users/{id}/change-password", {
      path: `/api/users/${self.user.id}/change-password`,
      token: self.token,
      body: { currentPassword: PASSWORD, newPassword: "my-own-unusual-pass" },
    });
    await expectDescribed("delete", "/api/users/{id}", { path: `/api/users/${id}` });
  });

  it("the waitlist", async () => {
    const service = await createService({ name: "Waitlist Cut", duration: 60 });
    const client = await createTestClient({ name: "Wendy Waiting" });
    const today = todayInZone("Europe/London");
    const created = await expectDescribed("post", "/api/waitlist", {
      path: "/api/waitlist",
      body: { clientId: client.id, serviceId: service.id, from: today, to: addDays(today, 6), times: "morning" },
    });
    const { id } = (await created.json()) as { id: number };
    await expectDescribed("post", "/api/waitlist", {
      path: "/api/waitlist",
      body: { clientId: client.id },
      status: 400,
    });
    await expectDescribed("get", "/api/waitlist", { path: "/api/waitlist?limit=1" });
    await expectDescribed("get", "/api/waitlist", { path: "/api/waitlist?status=expired" });
    await expectDescribed("get", "/api/waitlist", {
      path: "/api/waitlist",
      token: (await stylistSession("display")).token,
      status: 403,
    });
    await expectDescribed("get", "/api/waitlist/{id}", { path: `/api/waitlist/${id}` });
    await expectDescribed("delete", "/api/waitlist/{id}", { path: `/api/waitlist/${id}` });
    await expectDescribed("delete", "/api/waitlist/{id}", { path: `/api/waitlist/${id}`, status: 404 });
  });

  it("messages and the shopping list", async () => {
    const sent = await expectDescribed("post", "/api/messages", {
      path: "/api/messages",
      body: { content: "Towels are in" },
    });
    await expectDescribed("get", "/api/messages", { path: "/api/messages?limit=5" });
    await expectDescribed("delete", "/api/messages/{id}", {
      path: `/api/messages/${((await sent.json()) as { id: number }).id}`,
    });
    const product = await expectDescribed("post", "/api/products", {
      path: "/api/products",
      body: { name: "Shampoo", category: "Hair care" },
    });
    await expectDescribed("get", "/api/products", { path: "/api/products" });
    const item = await expectDescribed("post", "/api/shopping-list", {
      path: "/api/shopping-list",
      body: { productId: ((await product.json()) as { id: number }).id, quantity: 2 },
    });
    const itemId = ((await item.json()) as { id: number }).id;
    await expectDescribed("post", "/api/shopping-list/{id}/{step}", { path: `/api/shopping-list/${itemId}/order` });
    await expectDescribed("post", "/api/shopping-list/{id}/{step}", {
      path: `/api/shopping-list/${itemId}/order`,
      status: 409,
    });
    await expectDescribed("post", "/api/shopping-list/{id}/{step}", { path: `/api/shopping-list/${itemId}/deliver` });
    const direct = await send("post", { path: "/api/shopping-list", body: { customName: "Gloves" } });
    await expectDescribed("post", "/api/shopping-list/{id}/{step}", {
      path: `/api/shopping-list/${((await direct.json()) as { id: number }).id}/complete`,
    });
    await expectDescribed("get", "/api/shopping-list", { path: "/api/shopping-list" });
    await expectDescribed("post", "/api/shopping-list/clear-completed", { path: "/api/shopping-list/clear-completed" });
    const other = await send("post", { path: "/api/shopping-list", body: { customName: "Foils" } });
    await expectDescribed("delete", "/api/shopping-list/{id}", {
      path: `/api/shopping-list/${((await other.json()) as { id: number }).id}`,
    });
  });

  it("reports, SMS and settings", async () => {
    await expectDescribed("get", "/api/reports", { path: "/api/reports?period=month" });
    await expectDescribed("get", "/api/reports", { path: "/api/reports?period=decade", status: 400 });
    await expectDescribed("get", "/api/reports/export", { path: "/api/reports/export?from=2026-11-01&to=2026-11-30" });
    await expectDescribed("get", "/api/salon-settings", { path: "/api/salon-settings" });
    await expectDescribed("get", "/api/salon-settings", {
      path: "/api/salon-settings",
      token: stylist.token,
      status: 403,
    });
    await expectDescribed("post", "/api/salon-settings", {
      path: "/api/salon-settings",
      body: { salonName: "Willow & Shear" },
    });
    await expectDescribed("get", "/api/salon-settings/global", {
      path: "/api/salon-settings/global",
      token: stylist.token,
    });
    await configureSms({ smsProvider: "twilio" });
    const service = await createService();
    const client = await createTestClient({ phone: "07400 900123" });
    const appointment = await createTestAppointment({
      clientId: client.id,
      stylistId: stylist.stylistId,
      serviceId: service.id,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await expectDescribed("post", "/api/test-reminder", {
      path: "/api/test-reminder",
      body: { appointmentId: appointment.id },
    });
    await expectDescribed("get", "/api/sms/log", { path: "/api/sms/log" });
    await expectDescribed("get", "/api/sms/status", { path: "/api/sms/status" });
    const params = {
      MessageSid: "SM1",
      AccountSid: "AC0123456789abcdef",
      From: "+447400900123",
      To: "+447400900001",
      Body: "Thanks",
    };
    const form = (signature: string) =>
      new Request(`http://127.0.0.1:3000/api/sms/inbound/twilio`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
        body: new URLSearchParams(params).toString(),
      });
    await expectDescribed("post", "/api/sms/inbound/twilio", {
      path: "/api/sms/inbound/twilio",
      request: form(twilioSignature(SECRET, `${APP_URL}/api/sms/inbound/twilio`, Object.entries(params))),
    });
    await expectDescribed("post", "/api/sms/inbound/twilio", {
      path: "/api/sms/inbound/twilio",
      request: form("forged"),
      status: 403,
    });
    const smtp = await startFakeSmtp();
    try {
      await expectDescribed("post", "/api/salon-settings", {
        path: "/api/salon-settings",
        body: {
          emailEnabled: true,
          smtpHost: "127.0.0.1",
          smtpPort: smtp.port,
          smtpSecurity: "none",
          emailFrom: "salon@example.com",
        },
      });
      await expectDescribed("post", "/api/test-email", { path: "/api/test-email", body: { to: "owner@example.com" } });
      smtp.refuseNext(550, "5.1.1 No such user");
      await expectDescribed("post", "/api/test-email", {
        path: "/api/test-email",
        body: { to: "nobody@example.com" },
        status: 502,
      });
      await expectDescribed("post", "/api/test-email", { path: "/api/test-email", body: { to: "x" }, status: 400 });
    } finally {
      await smtp.close();
    }
    await expectDescribed("get", "/api/email/log", { path: "/api/email/log" });
    await expectDescribed("get", "/api/openapi.json", { path: "/api/openapi.json", token: "" });
  });

  it("online booking requests", async () => {
    const service = await createService();
    const client = await createTestClient({ phone: "07400 900124" });
    const requested = [];
    for (const days of [2, 3])
      requested.push(
        await createTestAppointment({
          clientId: client.id,
          stylistId: stylist.stylistId,
          serviceId: service.id,
          // At 10:00 in the salon, whatever the time of day the suite runs.
          startTime: zonedToUtc(addDays(todayInZone("Europe/London"), days), "10:00", "Europe/London").toISOString(),
          status: "requested",
        }),
      );
    await expectDescribed("get", "/api/online-requests", { path: "/api/online-requests?limit=1" });
    await expectDescribed("post", "/api/online-requests/{id}/{answer}", {
      path: `/api/online-requests/${requested[0]!.id}/accept`,
    });
    await expectDescribed("post", "/api/online-requests/{id}/{answer}", {
      path: `/api/online-requests/${requested[0]!.id}/decline`,
      status: 409,
    });
    await expectDescribed("post", "/api/online-requests/{id}/{answer}", {
      path: `/api/online-requests/${requested[1]!.id}/decline`,
    });
  });

  it("the online booking page's public reads", async () => {
    const service = await createService({ name: "Online Cut", duration: 60 });
    const slots = `/api/public/slots?serviceId=${service.id}&from=${todayInZone("Europe/London")}&to=${addDays(todayInZone("Europe/London"), 6)}`;
    for (const path of ["/api/public/salon", "/api/public/services"])
      await expectDescribed("get", path, { path, token: "", status: 404 });
    await db.update(salonSettings).set({ onlineBookingEnabled: true }).where(eq(salonSettings.id, 1));
    // A save through the domain clears its settings cache.
    await saveSalonSettings(admin.user, {});
    await expectDescribed("get", "/api/public/salon", { path: "/api/public/salon", token: "" });
    await expectDescribed("get", "/api/public/services", { path: "/api/public/services", token: "" });
    const answer = await expectDescribed("get", "/api/public/slots", { path: slots, token: "" });
    expect(((await answer.json()) as { slots: unknown[] }).slots.length).toBeGreaterThan(0);
    await expectDescribed("get", "/api/public/slots", { path: `${slots}&stylistId=x`, token: "", status: 400 });
  });

  it("online booking", async () => {
    await switchOn();
    const { stylist: bookable, service } = await stylistAndService();
    const timeZone = "Europe/London";
    let day = addDays(todayInZone(timeZone), 3);
    if (isoDayOfWeek(day) === 7) day = addDays(day, 1);
    const at = (time: string) => zonedToUtc(day, time, timeZone).toISOString();
    await expectDescribed("get", "/api/public/challenge", { path: "/api/public/challenge", token: "" });
    const body = {
      serviceId: service.id,
      stylistId: bookable.id,
      start: at("10:00"),
      firstName: "Ola",
      lastName: "Nordmann",
      phone: "07400 300111",
      consent: true,
      altcha: await solvedPayload(),
    };
    expect(requestBodyErrors("post", "/api/public/bookings", body)).toEqual([]);
    const booked = await expectDescribed("post", "/api/public/bookings", {
      path: "/api/public/bookings",
      token: "",
      body,
    });
    const token = tokenOf(((await booked.json()) as { manageUrl: string }).manageUrl);
    await expectDescribed("post", "/api/public/bookings", {
      path: "/api/public/bookings",
      token: "",
      body: { ...body, altcha: await solvedPayload() },
      status: 409,
    });
    await expectDescribed("post", "/api/public/bookings", {
      path: "/api/public/bookings",
      token: "",
      body: { ...body, consent: false },
      status: 400,
    });
    await expectDescribed("get", "/api/public/bookings/{token}", { path: `/api/public/bookings/${token}`, token: "" });
    await expectDescribed("post", "/api/public/bookings/{token}/reschedule", {
      path: `/api/public/bookings/${token}/reschedule`,
      token: "",
      body: { start: at("11:00") },
    });
    await expectDescribed("post", "/api/public/bookings/{token}/cancel", {
      path: `/api/public/bookings/${token}/cancel`,
      token: "",
    });
    await expectDescribed("get", "/api/public/bookings/{token}", {
      path: `/api/public/bookings/${token}`,
      token: "",
      status: 404,
    });
  });

  it("checkout", async () => {
    const cut = await createService({ name: "Checkout Cut", price: 3000 });
    const client = await createTestClient({ phone: "07400 900125" });
    const appointment = await createTestAppointment({
      clientId: client.id,
      stylistId: stylist.stylistId,
      serviceId: cut.id,
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const [product] = await db
      .insert(products)
      .values({ name: "Checkout Serum", retailPrice: 1500, stockQuantity: 4, reorderLevel: 1 })
      .returning();
    await expectDescribed("put", "/api/products/{id}", {
      path: `/api/products/${product!.id}`,
      body: { name: "Checkout Serum", retailPrice: 1600, stockQuantity: 4, reorderLevel: 1 },
    });
    await expectDescribed("get", "/api/products/{id}", { path: `/api/products/${product!.id}` });
    await expectDescribed("put", "/api/stylists/{id}/commission", {
      path: `/api/stylists/${stylist.stylistId}/commission`,
      body: { serviceRate: 40, productRate: 10 },
    });
    await expectDescribed("get", "/api/stylists/{id}/commission", {
      path: `/api/stylists/${stylist.stylistId}/commission`,
      token: stylist.token,
    });
    const body = {
      appointmentId: appointment.id,
      lines: [
        { kind: "service", serviceId: cut.id, stylistId: stylist.stylistId, price: 3000, discount: 500 },
        { kind: "product", productId: product!.id, quantity: 1 },
      ],
      tips: [{ stylistId: stylist.stylistId, amount: 400 }],
      payments: [
        { method: "card", amount: 3000 },
        { method: "cash", amount: 2000 },
      ],
    };
    expect(requestBodyErrors("post", "/api/sales", body)).toEqual([]);
    const key = "openapi-checkout-1";
    const request = () =>
      makeRequest("POST", "/api/sales", { token: admin.token, body, headers: { "Idempotency-Key": key } });
    const sold = await expectDescribed("post", "/api/sales", { path: "/api/sales", request: request(), status: 201 });
    const sale = (await sold.json()) as { id: number; lines: { id: number }[] };
    await expectDescribed("post", "/api/sales", { path: "/api/sales", request: request(), status: 200 });
    await expectDescribed("post", "/api/sales", { path: "/api/sales", body: { lines: [] }, status: 400 });
    await expectDescribed("get", "/api/sales/{id}", { path: `/api/sales/${sale.id}` });
    const today = todayInZone("Europe/London");
    await expectDescribed("get", "/api/sales", { path: `/api/sales?from=${addDays(today, -1)}&to=${today}&limit=1` });
    await expectDescribed("post", "/api/sales/{id}/refunds", {
      path: `/api/sales/${sale.id}/refunds`,
      body: {
        lines: [{ saleLineId: sale.lines[1]!.id, quantity: 1 }],
        amount: 1600,
        method: "card",
        reason: "Returned",
      },
    });
    await expectDescribed("get", "/api/reports/takings", { path: `/api/reports/takings?date=${today}` });
    await expectDescribed("post", "/api/cash-ups", { path: "/api/cash-ups", body: { date: today, countedCash: 1000 } });
    await expectDescribed("get", "/api/reports/commission", {
      path: `/api/reports/commission?from=${addDays(today, -1)}&to=${today}`,
    });
  });

  it("left no described operation uncalled", () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(described.filter((operation) => !checked.has(operation))).toEqual([]);
  });
});
