// GET /api/openapi.json: the OpenAPI 3.1 description of every `/api` route, generated from
// the Zod schemas the routes validate with and answer by (decision 0080). Built once per
// process. A new `/api` route adds its operations to its area's file in ./paths (or a new
// area file, listed below); tests/integration/openapi.test.ts fails until it does.
import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { buildRegistry, type ApiArea } from "./registry.server";
import { appointmentsArea } from "./paths/appointments.server";
import { authArea } from "./paths/auth.server";
import { clientsArea } from "./paths/clients.server";
import { emailArea } from "./paths/email.server";
import { gdprArea } from "./paths/gdpr.server";
import { messagesArea } from "./paths/messages.server";
import { metaArea } from "./paths/meta.server";
import { onlineBookingArea } from "./paths/online-booking.server";
import { onlineBookingsArea } from "./paths/online-bookings.server";
import { onlineRequestsArea } from "./paths/online-requests.server";
import { reportsArea } from "./paths/reports.server";
import { salesArea } from "./paths/sales.server";
import { servicesArea } from "./paths/services.server";
import { settingsArea } from "./paths/settings.server";
import { shoppingArea } from "./paths/shopping.server";
import { smsArea } from "./paths/sms.server";
import { stylistsArea } from "./paths/stylists.server";
import { usersArea } from "./paths/users.server";
import { waitlistArea } from "./paths/waitlist.server";

const API_AREAS: ApiArea[] = [
  authArea,
  appointmentsArea,
  onlineRequestsArea,
  clientsArea,
  gdprArea,
  servicesArea,
  stylistsArea,
  usersArea,
  messagesArea,
  shoppingArea,
  waitlistArea,
  reportsArea,
  salesArea,
  smsArea,
  emailArea,
  settingsArea,
  onlineBookingArea,
  onlineBookingsArea,
  metaArea,
];

const DESCRIPTION = [
  "The salon app's JSON API. Every operation needs `Authorization: Bearer <token>` (from POST /api/login) unless marked public.",
  "",
  "Errors answer `{ message, errors? }`: `message` for a person, `errors` the messages by field. A 409 may add what the write would affect.",
  "",
  'Lists that grow are paged: the answer is a bare JSON array; `?limit=` (default 50, at most 200) sets its size and the next page is in the `Link: <...>; rel="next"` header (absent on the last page), whose `cursor` is opaque.',
  "",
  "Bodies are JSON (`Content-Type: application/json`); money is in integer pence, instants are ISO-8601 in UTC, salon dates `YYYY-MM-DD`.",
].join("\n");

type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

let cached: OpenApiDocument | undefined;

/**
 * zod-to-openapi writes a nullable enum as `type: [..., "null"]` with an `enum` that lacks
 * null, and JSON Schema requires a value to be in `enum` too: every validator then refuses
 * the null the API really sends (a created history entry's status before, a service's
 * colour). Adds null to such enums, in place.
 */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as { type?: unknown; enum?: unknown[]; nullable?: boolean };
  const nullable = (Array.isArray(schema.type) && schema.type.includes("null")) || schema.nullable === true;
  if (nullable && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  for (const value of Object.values(node)) nullInNullableEnums(value);
}

export function openApiDocument(): OpenApiDocument {
  cached ??= generate();
  return cached;
}

function generate(): OpenApiDocument {
  const document = new OpenApiGeneratorV31(buildRegistry(API_AREAS).definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Salon appointments API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }],
    tags: API_AREAS.map(({ tag, description }) => ({ name: tag, description })),
  });
  nullInNullableEnums(document);
  return document;
}

/** Route files under app/routes that the document leaves out, and why. */
export const EXCLUDED_ROUTE_FILES = [
  // The catch-all: any other `/api` path answers 404 `{ message }`; it is no operation.
  "api.$.ts",
];
