// Thin wrappers that turn domain errors into HTTP answers: JSON for `/api`, error
// responses (rendered by the nearest ErrorBoundary) for pages.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError, type z, type ZodTypeAny } from "zod";
import {
  DomainError,
  Invalid,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  UnsupportedMediaType,
} from "~/domain/errors";
import { fieldErrorsOf } from "~/domain/validate";
import { controlCharactersIn, hasControlCharacters } from "~/lib/schemas/limits";
import { withCookieSecurity } from "./cookies.server";
import { formLimit, readFormData } from "./form-data.server";
import { logServerError } from "./log.server";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

export function jsonResponse(body: unknown, init?: number | ResponseInit): Response {
  const responseInit = typeof init === "number" ? { status: init } : (init ?? {});
  const headers = new Headers(responseInit.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...responseInit, headers });
}

export function apiErrorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ZodError) {
    const errors = fieldErrorsOf(error);
    const first = Object.values(errors)[0]?.[0] ?? "Invalid input";
    return jsonResponse({ message: first, errors }, 400);
  }
  if (error instanceof DomainError) {
    const headers = retryAfterHeaders(error);
    return jsonResponse(
      { message: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}), ...error.details },
      { status: error.status, headers },
    );
  }
  logServerError(error);
  return jsonResponse({ message: "Something went wrong on the server. Please try again." }, 500);
}

/** `Retry-After` for a refusal that passes (429 throttled, 503 busy). */
function retryAfterHeaders(error: unknown): Record<string, string> {
  return error instanceof TooManyRequests || error instanceof ServiceUnavailable
    ? { "Retry-After": String(error.retryAfterSeconds) }
    : {};
}

/** Wraps an `/api` loader or action: every failure becomes `{ message, errors? }` JSON. */
export function api<A extends Args>(handler: (args: A) => Promise<unknown>) {
  return async (args: A): Promise<Response> => {
    try {
      const result = await handler(args);
      return withCookieSecurity(args.request, result instanceof Response ? result : jsonResponse(result));
    } catch (error) {
      return withCookieSecurity(args.request, apiErrorResponse(error));
    }
  };
}

/**
 * Wraps a page loader or action: domain errors become error responses for the
 * ErrorBoundary, and the cookies it sets (session, toast) get this request's Secure flag.
 */
export function page<A extends Args, R>(handler: (args: A) => Promise<R>) {
  return async (args: A): Promise<R> => {
    try {
      return withCookieSecurity(args.request, await handler(args));
    } catch (error) {
      if (error instanceof DomainError)
        throw data(error.message, { status: error.status, headers: retryAfterHeaders(error) });
      throw withCookieSecurity(args.request, error);
    }
  };
}

const UNSUPPORTED_CONTENT_TYPE = "Send the request body as application/json (or as a form).";

export const NESTED_TOO_DEEPLY = "The request body is nested too deeply.";
// The deepest body of the API is a list of objects inside an object; 2,000 levels once
// overflowed the stack of a recursive walk.
const MAX_BODY_DEPTH = 16;

/**
 * The paths (`clients.0.name`) of strings in a parsed body that hold control characters,
 * walked without recursion; a body nested deeper than any the API takes is refused.
 */
function controlCharacterPaths(body: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (path.length > MAX_BODY_DEPTH) throw new Invalid(NESTED_TOO_DEEPLY);
    if (typeof value === "string") {
      if (hasControlCharacters(value, true)) found.push(path.join(".") || "body");
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, path: [...path, key] });
    }
  }
  return found.reverse();
}

/**
 * Reads a JSON (or form-encoded) request body and validates it. Another content type is
 * 415, a body that does not parse 400, and text with control characters 400. (The servers
 * have already refused bodies over the size limit, see server/security.js.)
 */
export async function readBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  let raw: unknown = {};
  if (/^application\/([\w.+-]+\+)?json\b/.test(type)) {
    const text = await request.text();
    try {
      raw = text ? JSON.parse(text) : {};
    } catch {
      throw new Invalid("The request body is not valid JSON.");
    }
  } else if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    raw = Object.fromEntries(await readFormData(request, formLimit(schema)));
  } else if (type !== "" || (await request.text()) !== "") {
    throw new UnsupportedMediaType(UNSUPPORTED_CONTENT_TYPE);
  }
  const tainted = controlCharacterPaths(raw);
  // The schema's own error names the field ("Service name must not contain control
  // characters", also for a line break in a one-line field); this is the backstop for
  // text the schema takes as it comes, named by its path in the body.
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw parsed.error;
  if (tainted.length > 0) {
    const errors = Object.fromEntries(tainted.map((path) => [path, [controlCharactersIn(path)]]));
    throw new Invalid(controlCharactersIn(tainted[0]!), errors);
  }
  return parsed.data;
}

/**
 * An id from the address: plain positive decimal digits only (`0x10`, ` 1`, `1e3` are not
 * ids), otherwise 404, as for an id that does not exist.
 */
export function parseId(value: string | undefined): number {
  const id = strictId(value);
  if (id === null) throw new NotFound();
  return id;
}

function strictId(value: string | null | undefined): number | null {
  const id = typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

export function methodNotAllowed(allowed: string[]): Response {
  return jsonResponse(
    { message: `Method not allowed. Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}

/** An optional id from a query string (`?stylistId=3`): null when absent or blank. */
export function parseOptionalId(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const id = strictId(value);
  if (id === null) throw new Invalid("An id must be a positive whole number.");
  return id;
}

/**
 * An absolute URL on this server for a path, from the request's own origin: the servers
 * build `request.url` from the Host and, behind a proxy trusted with TRUST_PROXY, the
 * forwarded protocol and host, so the link is the one the user reached the app by.
 */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).toString();
}
