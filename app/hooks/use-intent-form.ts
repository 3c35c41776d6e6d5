import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useActionData, useNavigation } from "@remix-run/react";
import type { z, ZodTypeAny } from "zod";

type Reply = { intent?: string | null; result?: SubmissionResult<string[]> } | undefined;

/**
 * One of several forms that post to the same route, told apart by the hidden `intent`
 * field: it takes only its own reply from `formAction`, validates with its schema as the
 * user types after the first submit, and knows when it is the one being submitted.
 */
export function useIntentForm<S extends ZodTypeAny>(
  intent: string,
  schema: S,
  defaultValue?: DefaultValue<z.input<S>>,
) {
  const reply = useActionData() as Reply;
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<S>>({
    lastResult: reply?.intent === intent ? reply.result : undefined,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return { form, fields, busy };
}
