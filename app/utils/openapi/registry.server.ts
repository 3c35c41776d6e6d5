// The building blocks of the `/api` OpenAPI document (decision 0080). Each area's file in
// ./paths lists its operations as `ApiOperation`s; `describeArea` turns them into OpenAPI
// paths with the conventions every `/api` route shares: bearer authentication unless
// public, the `{ message, errors? }` error body, 401 for a missing or expired token, 415
// for a body that is not JSON or a form, and the paging convention of decision 0065.
import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z, type ZodTypeAny } from "zod";
import type { TimeOffConflicts } from "~/domain/availability.server";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "~/lib/paging";
import { RefusedOccurrenceSchema } from "~/lib/schemas/appointments";

extendZodWithOpenApi(z);

type Method = "get" | "post" | "put" | "patch" | "delete";
type RouteParameter = NonNullable<RouteConfig["request"]>["query"];

/** An error status an operation may answer; 401 is added to every bearer route, 415 to every body. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;

type ApiAnswer = {
  description: string;
  /** The JSON body; none for an empty answer. */
  schema?: ZodTypeAny;
  /** Another media type than JSON (a CSV or XML body). */
  contentType?: string;
  headers?: ResponseConfig["headers"];
};

type ApiOperation = {
  method: Method;
  /** The path as OpenAPI writes it: `/api/clients/{id}`. */
  path: string;
  summary: string;
  description?: string;
  /** Who may call it: a bearer token (the default) or anyone (sign-in, setup, webhooks, this document). */
  access?: "bearer" | "public";
  /** Path parameters other than `{id}` (which every path that has one gets). */
  params?: RouteParameter;
  query?: RouteParameter;
  /** Request headers the operation reads (e.g. `Idempotency-Key`). */
  headers?: RouteParameter;
  /** The JSON (or form-encoded) body, as the route's own Zod schema. */
  body?: ZodTypeAny;
  /** The success answers by status. */
  answers: Partial<Record<200 | 201 | 204, ApiAnswer>>;
  /** A page of a list: `limit` and `cursor` in the query, a bare array answer, the next page in `Link`. */
  paged?: boolean;
  errors?: ErrorStatus[];
};

export type ApiArea = { tag: string; description: string; operations: ApiOperation[] };

/** A path id: plain positive decimal digits (anything else is 404, as an unknown id). */
const PathId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .openapi({ description: "A record id: plain positive decimal digits.", example: "42" });

const ApiError = z
  .object({
    message: z.string().openapi({ description: "What went wrong, for a person to read." }),
    errors: z
      .record(z.array(z.string()))
      .optional()
      .openapi({ description: "Messages by field (`clients.0.name` for a nested one), for invalid input." }),
  })
  .openapi("ApiError");

/** A 409's body: the message, and for some refusals what the write would have affected. */
const ConflictError = ApiError.extend({
  existingClientId: z.number().int().optional().openapi({
    description:
      "A client with this phone or e-mail is on file: that record. Send `confirm: true` to save a client sharing it (a family's mobile).",
  }),
  reason: z
    .enum(["phone", "email"])
    .optional()
    .openapi({ description: "With `existingClientId`: which of the two is already on file." }),
  conflicts: z
    .array(
      z.object({
        id: z.number().int(),
        startTime: z.string().datetime(),
        endTime: z.string().datetime(),
        date: z.string().describe("Salon date, YYYY-MM-DD."),
        time: z.string().describe("Salon time, HH:MM."),
        clientName: z.string().nullable(),
        serviceName: z.string().nullable(),
      }),
    )
    .optional()
    .openapi({
      description:
        "Time off over bookings: the scheduled bookings it would cover, at most 50 (send `confirm: true` to add it anyway).",
    }),
  conflictCount: z.number().int().optional().openapi({ description: "How many bookings it would cover in all." }),
  alternatives: z
    .array(z.object({ start: z.string().datetime(), stylistIds: z.array(z.number().int()) }))
    .optional()
    .openapi({ description: "An online booking's slot taken meanwhile: the nearest free slots." }),
  refused: z.array(RefusedOccurrenceSchema).optional().openapi({
    description:
      "A repeat booking none of whose occurrences can be booked: each occurrence and why (nothing was booked).",
  }),
}).openapi("ConflictError");

const ERROR_RESPONSES: Record<
  ErrorStatus | 415,
  { name: string; description: string; schema: ZodTypeAny; retryAfter?: boolean }
> = {
  400: {
    name: "BadRequest",
    description: "Invalid input: `message` is the first problem, `errors` every problem by field.",
    schema: ApiError,
  },
  401: {
    name: "Unauthorized",
    description: "No valid session: send `Authorization: Bearer <token>` from POST /api/login.",
    schema: ApiError,
  },
  403: { name: "Forbidden", description: "Signed in, but this role (or this user) may not do it.", schema: ApiError },
  404: {
    name: "NotFound",
    description: "No such record, a malformed id, or another stylist's record.",
    schema: ApiError,
  },
  409: {
    name: "Conflict",
    description: "The write conflicts with what is stored; the body may carry the details.",
    schema: ConflictError,
  },
  415: { name: "UnsupportedMediaType", description: "The body is neither JSON nor a form.", schema: ApiError },
  429: {
    name: "TooManyRequests",
    description: "Too many attempts: try again after `Retry-After` seconds.",
    schema: ApiError,
    retryAfter: true,
  },
  502: { name: "ProviderRefused", description: "The SMS provider refused or failed.", schema: ApiError },
  503: {
    name: "ServiceUnavailable",
    description: "The server is busy: try again after `Retry-After` seconds.",
    schema: ApiError,
    retryAfter: true,
  },
};

const LINK_HEADER = {
  description: 'The next page, RFC 8288: `<...?cursor=...>; rel="next"`. Absent on the last page.',
  schema: { type: "string" as const },
};

const PageQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/)
    .optional()
    .openapi({
      description: `Page size, a whole number from 1 to ${MAX_PAGE_SIZE} (default ${PAGE_SIZE}); more is 400, not clamped.`,
    }),
  cursor: z
    .string()
    .max(400)
    .optional()
    .openapi({ description: "Opaque: copy it from the previous page's `Link` header." }),
});

/** Registers the shared components once, then every area's operations. */
export function buildRegistry(areas: ApiArea[]): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "The `token` answered by POST /api/login (or /api/setup-admin). Signed-in browsers may send the session cookie instead.",
  });
  for (const [status, error] of Object.entries(ERROR_RESPONSES)) {
    registry.registerComponent("responses", error.name, {
      description: error.description,
      ...(error.retryAfter
        ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } }
        : {}),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/" + (Number(status) === 409 ? "ConflictError" : "ApiError") },
        },
      },
    });
  }
  registry.register("ApiError", ApiError);
  registry.register("ConflictError", ConflictError);
  for (const area of areas) {
    for (const operation of area.operations) registry.registerPath(routeOf(area.tag, operation));
  }
  return registry;
}

function routeOf(tag: string, operation: ApiOperation): RouteConfig {
  const bearer = (operation.access ?? "bearer") === "bearer";
  const errors = new Set<ErrorStatus | 415>(operation.errors ?? []);
  if (bearer) errors.add(401);
  if (operation.body) errors.add(415);
  if (operation.paged) errors.add(400);
  const responses: RouteConfig["responses"] = {};
  for (const [status, answer] of Object.entries(operation.answers))
    responses[status] = responseOf(answer, operation.paged === true);
  for (const status of [...errors].sort())
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  const query = operation.paged
    ? operation.query
      ? (operation.query as z.AnyZodObject).merge(PageQuery)
      : PageQuery
    : operation.query;
  const params = operation.path.includes("{id}")
    ? operation.params
      ? (operation.params as z.AnyZodObject).extend({ id: PathId })
      : z.object({ id: PathId })
    : operation.params;
  return {
    method: operation.method,
    path: operation.path,
    operationId: operationIdOf(operation.method, operation.path),
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [tag],
    security: bearer ? [{ bearerAuth: [] }] : [],
    request: {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(operation.headers ? { headers: operation.headers } : {}),
      ...(operation.body
        ? {
            body: {
              required: true,
              content: { "application/json": { schema: operation.body } },
            },
          }
        : {}),
    },
    responses,
  };
}

function responseOf(answer: ApiAnswer, paged: boolean): ResponseConfig {
  const headers = paged ? { Link: LINK_HEADER, ...(answer.headers as object | undefined) } : answer.headers;
  return {
    description: answer.description,
    ...(headers ? { headers } : {}),
    ...(answer.schema ? { content: { [answer.contentType ?? "application/json"]: { schema: answer.schema } } } : {}),
  };
}

/** `get /api/clients/{id}/merge` → `getClientsIdMerge`: stable, unique per method and path. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/**
 * Compile-time only: the domain's answer type `T` fits the described answer schema `S`
 * (every field the schema requires, of its type), so `tsc` fails when they drift apart. The
 * other way, a field the domain adds but the schema lacks, fails the document test, since
 * the answer schemas are strict.
 */
export function answerFits<S extends ZodTypeAny, _T extends z.output<S>>(): void {}

// The time-off refusal's details fit the described 409 body.
answerFits<typeof ConflictError, TimeOffConflicts & { message: string }>();
