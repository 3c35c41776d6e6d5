// The one way a page's form action runs: parse the form with its Zod schema, run the
// domain call, and turn a refused call (a DomainError) into Conform's reply, so the
// form shows the message beside the field the domain named. A refused sign-in (401)
// is a form message; 403 is not a form mistake and goes to the error boundary.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z, type ZodTypeAny } from "zod";
import { DomainError, type FieldErrors } from "~/domain/errors";
import { formLimit, readFormData } from "./form-data.server";

type FormReply<Echo extends object = object> = Echo & {
  intent: string | null;
  result: SubmissionResult<string[]>;
  details?: Record<string, unknown>;
};

type FormActionOptions<Echo extends object> = {
  /** The message above the form for a refused call; null shows only the field messages. Default: the domain's message when it names no field. */
  failure?: (error: DomainError) => string | null;
  /** Domain field names that the form calls otherwise (`{ startTime: "time" }`). */
  fieldNames?: Record<string, string>;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** Extra data returned with every failed reply, e.g. which row of a list the form was. */
  echo?: Echo;
  /** Answers a refused call some other way (a toast on the screen behind a confirmation). */
  onRefused?: (error: DomainError) => Response | Promise<Response>;
};

const defaultFailure = (error: DomainError) => (error.fieldErrors ? null : error.message);

function renameFields(errors: FieldErrors | undefined, names: Record<string, string> = {}): FieldErrors | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [names[field] ?? field, messages]));
}

/** `formAction(request, Schema, async (value) => { await save(user, value); return redirectWithToast(...) })`. */
export async function formAction<S extends ZodTypeAny, R, Echo extends object = object>(
  source: Request | FormData,
  schema: S,
  run: (value: z.output<S>) => Promise<R>,
  options: FormActionOptions<Echo> = {},
) {
  const formData = source instanceof FormData ? source : await readFormData(source, formLimit(schema));
  const intent = typeof formData.get("intent") === "string" ? (formData.get("intent") as string) : null;
  const { failure = defaultFailure, fieldNames, hideFields, echo, onRefused } = options;
  const reply = (result: SubmissionResult<string[]>, status: number, details?: Record<string, unknown>) =>
    data({ ...(echo ?? ({} as Echo)), intent, result, ...(details ? { details } : {}) } satisfies FormReply<Echo>, {
      status,
    });

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return reply(submission.reply({ hideFields }), 400);
  try {
    return await run(submission.value as z.output<S>);
  } catch (error) {
    if (!(error instanceof DomainError) || error.status === 403) throw error;
    if (onRefused) return onRefused(error);
    const message = failure(error);
    return reply(
      submission.reply({
        formErrors: message ? [message] : [],
        fieldErrors: renameFields(error.fieldErrors, fieldNames),
        hideFields,
      }),
      error.status,
      error.details,
    );
  }
}

/** The schema of a confirmation form: a button and nothing to validate. */
export const ConfirmationSchema = z.object({});
