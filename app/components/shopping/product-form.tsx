// The product dialogs' form (New Product, Edit Product): name, category, description, and
// for administrators the retail fields (decision 0120): the price in pounds (blank: not
// for sale), the stock and the reorder level. Posts as a plain form: works without JavaScript.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert, TextareaField } from "~/components/ui/field";
import { ProductFormSchema } from "~/lib/schemas/backoffice";

type ProductDefaults = {
  name?: string;
  category?: string | null;
  description?: string | null;
  retailPriceInPounds?: string;
  stockQuantity?: number;
  reorderLevel?: number | null;
};

export function ProductForm({
  action,
  lastResult,
  defaults = {},
  retail,
  busy,
  submitLabel,
  busyLabel,
}: {
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaults?: ProductDefaults;
  /** Whether the retail fields are shown (administrators). */
  retail: boolean;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
}) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      name: defaults.name,
      category: defaults.category ?? undefined,
      description: defaults.description ?? undefined,
      retailPriceInPounds: defaults.retailPriceInPounds,
      stockQuantity: defaults.stockQuantity === undefined ? undefined : String(defaults.stockQuantity),
      reorderLevel: defaults.reorderLevel == null ? undefined : String(defaults.reorderLevel),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <FormAlert errors={form.errors} />
      <Field
        label="Product Name"
        {...getInputProps(fields.name, { type: "text" })}
        errors={fields.name.errors}
        autoComplete="off"
      />
      <Field
        label="Category"
        {...getInputProps(fields.category, { type: "text" })}
        errors={fields.category.errors}
        placeholder="e.g. Hair Care, Styling, Tools"
        autoComplete="off"
      />
      <TextareaField
        label="Description (optional)"
        {...getTextareaProps(fields.description)}
        errors={fields.description.errors}
        rows={3}
      />
      {retail ? (
        <fieldset className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
          <legend className="px-1 text-sm font-semibold text-slate-900">For sale at the till</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label="Retail price (£)"
              {...getInputProps(fields.retailPriceInPounds, { type: "number" })}
              step="0.01"
              min="0"
              inputMode="decimal"
              hint="VAT included; blank: not sold"
              errors={fields.retailPriceInPounds.errors}
            />
            <Field
              label="Stock quantity"
              {...getInputProps(fields.stockQuantity, { type: "number" })}
              step="1"
              inputMode="numeric"
              errors={fields.stockQuantity.errors}
            />
            <Field
              label="Reorder level"
              {...getInputProps(fields.reorderLevel, { type: "number" })}
              step="1"
              min="0"
              inputMode="numeric"
              hint="At or below it, goes on the list"
              errors={fields.reorderLevel.errors}
            />
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/shopping-list" className={buttonClasses("secondary")} preventScrollReset>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
