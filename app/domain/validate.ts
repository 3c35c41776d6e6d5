import type { z, ZodTypeAny } from "zod";
import { Invalid, type FieldErrors } from "./errors";

/** Zod issues as `{ field: [messages] }`, the shape of `/api` 400 answers and Conform replies. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Validates input in the domain, so every caller (form, API, another area) gets the same rules. */
export function parseOrInvalid<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error);
  throw new Invalid(Object.values(errors)[0]?.[0] ?? "Invalid input", errors);
}
