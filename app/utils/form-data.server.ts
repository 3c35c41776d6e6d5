// The one way a route reads a form body. A form's fields are counted in the raw body
// before anything parses it: parsing is linear in undici but Conform's parse is worse
// than quadratic in a repeated name, and one 364 KB body of `email=0&email=1&...` held
// the event loop for 89 s. A route accepts a small multiple of the fields its schemas
// name, so a form may gain a field without a limit to update (decision 0093).
import { z, type ZodTypeAny } from "zod";
import { Invalid, TooLarge, UnsupportedMediaType } from "~/domain/errors";

export const NOT_A_FORM = "Send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const NOT_A_VALID_FORM = "The request body is not a valid form.";
export const TOO_MANY_FIELDS = "The form has too many fields.";
export const FIELD_REPEATED = "The form repeats a field too many times.";

// Room for the hidden fields a route reads beside its schema (intent, ids, redirectTo).
const FIELD_MULTIPLE = 4;
const EXTRA_FIELDS = 4;
/** A name may appear this many times (no form of the app sends a name twice today). */
const MAX_REPEATS = 4;

type FormLimit = { maxFields: number; maxRepeats: number };

/** The field names a schema reads, as Conform names them (`address.city`), through effects and unions. */
function fieldNames(schema: ZodTypeAny, prefix = "", names = new Set<string>()): Set<string> {
  if (schema instanceof z.ZodEffects) return fieldNames(schema.innerType(), prefix, names);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return fieldNames(schema.unwrap(), prefix, names);
  if (schema instanceof z.ZodDefault) return fieldNames(schema.removeDefault(), prefix, names);
  if (schema instanceof z.ZodPipeline) return fieldNames(schema._def.in, prefix, names);
  if (schema instanceof z.ZodIntersection)
    return fieldNames(schema._def.right, prefix, fieldNames(schema._def.left, prefix, names));
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    for (const option of schema.options as ZodTypeAny[]) fieldNames(option, prefix, names);
    return names;
  }
  if (schema instanceof z.ZodObject) {
    for (const [key, value] of Object.entries(schema.shape as Record<string, ZodTypeAny>))
      fieldNames(value, prefix ? `${prefix}.${key}` : key, names);
    return names;
  }
  if (prefix) names.add(prefix);
  return names;
}

/** The limit for a route whose forms are these schemas (and these other field names). */
export function formLimit(...forms: Array<ZodTypeAny | string>): FormLimit {
  const names = new Set<string>();
  for (const form of forms) {
    if (typeof form === "string") names.add(form);
    else fieldNames(form, "", names);
  }
  return { maxFields: FIELD_MULTIPLE * (names.size + EXTRA_FIELDS), maxRepeats: MAX_REPEATS };
}

/** How many times `needle` occurs in `haystack`, counting no further than `stopAfter`. */
function occurrences(haystack: Buffer, needle: Buffer, stopAfter: number): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && count <= stopAfter;
    at = haystack.indexOf(needle, at + needle.length)
  )
    count += 1;
  return count;
}

function boundaryOf(type: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The number of fields in a raw form body, counted up to one past `maxFields`. */
function countFields(body: Buffer, type: string, maxFields: number): number {
  if (type.startsWith("multipart/form-data")) {
    const boundary = boundaryOf(type);
    if (!boundary) throw new Invalid(NOT_A_VALID_FORM);
    // Each part opens with a delimiter, and the body ends with one more.
    return Math.max(0, occurrences(body, Buffer.from(`--${boundary}`), maxFields + 1) - 1);
  }
  return body.length === 0 ? 0 : occurrences(body, Buffer.from("&"), maxFields) + 1;
}

/**
 * The form in `request`, once its fields are counted: another content type is 415, more
 * fields than `limit.maxFields` (or a name more than `limit.maxRepeats` times) 413, and a
 * body that does not parse 400. The body size itself was capped by the server.
 */
export async function readFormData(request: Request, limit: FormLimit): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("application/x-www-form-urlencoded")) throw new UnsupportedMediaType(NOT_A_FORM);
  const body = Buffer.from(await request.arrayBuffer());
  if (countFields(body, type, limit.maxFields) > limit.maxFields) throw new TooLarge(TOO_MANY_FIELDS);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    throw new Invalid(NOT_A_VALID_FORM);
  }
  const seen = new Map<string, number>();
  for (const name of form.keys()) {
    const count = (seen.get(name) ?? 0) + 1;
    if (count > limit.maxRepeats) throw new TooLarge(FIELD_REPEATED);
    seen.set(name, count);
  }
  return form;
}
