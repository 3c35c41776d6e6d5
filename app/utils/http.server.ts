// Thin wrappers that turn domain errors into HTTP answers: JSON for `/api`, error
// responses (rendered by the nearest ErrorBoundary) for pages.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError, type z, type ZodTypeAny } from "zod";
import { DomainError, Invalid, TooManyRequests } from "~/domain/errors";
import { fieldErrorsOf } from "~/domain/validate";
import { withCookieSecurity } from "./cookies.server";
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
    const headers: HeadersInit = error instanceof TooManyRequests ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return jsonResponse({ message: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) }, { status: error.status, headers });
  }
  logServerError(error);
  return jsonResponse({ message: "Something went wrong on the server. Please try again." }, 500);
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
      if (error instanceof DomainError) throw data(error.message, { status: error.status });
      throw withCookieSecurity(args.request, error);
    }
  };
}

/** Reads a JSON (or form-encoded) request body and validates it. */
export async function readBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  let raw: unknown = {};
  if (type.includes("application/json")) {
    const text = await request.text();
    try {
      raw = text ? JSON.parse(text) : {};
    } catch {
      throw new Invalid("The request body is not valid JSON.");
    }
  } else if (type.includes("form")) {
    raw = Object.fromEntries(await request.formData());
  }
  return schema.parse(raw);
}

export function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Invalid("The id in the address must be a positive whole number.");
  return id;
}

export function methodNotAllowed(allowed: string[]): Response {
  return jsonResponse({ message: `Method not allowed. Use ${allowed.join(" or ")}.` }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

/** An optional id from a query string (`?stylistId=3`): null when absent or blank. */
export function parseOptionalId(value: string | null | undefined): number | null {
  return value === null || value === undefined || value.trim() === "" ? null : parseId(value);
}
