// The action behind the Add and Edit Service dialogs: one shape for both.
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { Actor } from "~/domain/access.server";
import { DomainError } from "~/domain/errors";
import { poundsToPence } from "~/lib/money";
import { ServiceFormSchema, type ServiceInput } from "~/lib/schemas/services";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Where a dialog returns to: the list, with the search it was opened from. */
export function servicesListPath(request: Request): string {
  const q = new URL(request.url).searchParams.get("q");
  return q ? `/services?${new URLSearchParams({ q })}` : "/services";
}

export async function serviceFormAction(
  request: Request,
  save: (actor: Actor, input: ServiceInput) => Promise<unknown>,
  texts: { success: string; failure: string },
) {
  const actor = await requireUser(request, "services.write");
  const submission = parseWithZod(await request.formData(), { schema: ServiceFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { priceInPounds, ...rest } = submission.value;
  try {
    await save(actor, { ...rest, price: poundsToPence(priceInPounds) });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const formError = error.fieldErrors ? texts.failure : `${texts.failure}: ${error.message}`;
    return data(submission.reply({ formErrors: [formError], fieldErrors: error.fieldErrors }), { status: error.status });
  }
  return redirectWithToast(servicesListPath(request), { title: "Success", description: texts.success });
}
