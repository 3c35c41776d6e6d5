// Building blocks of the `/api` answer schemas (decision 0080): what the routes answer,
// as Zod, so the OpenAPI document describes it and the domain's answer types can be
// checked against it. Objects are strict: a field added to an answer but not here fails
// the document test (tests/integration/openapi.test.ts).
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

/** A schema the OpenAPI document shows once, as `components/schemas/<name>`, and refers to. */
export function named<T extends z.ZodTypeAny>(name: string, schema: T): T {
  return schema.openapi(name);
}

export const Id = z.number().int().positive();
/** An ISO-8601 instant in UTC, e.g. 2026-11-24T10:00:00.000Z. */
export const Instant = z.string().datetime();
/** A salon calendar date, YYYY-MM-DD. */
export const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A 24-hour clock time, HH:MM. */
export const ClockTime = z.string().regex(/^\d{2}:\d{2}$/);

/** `{ message }`: a write that answers only what it did. */
const done = z.object({ message: z.string() }).strict();
export const MessageView = named("Done", done);

/** `{ message, ... }` with counts or flags beside the message. */
export const messageWith = <T extends z.ZodRawShape>(shape: T) => done.extend(shape).strict();
