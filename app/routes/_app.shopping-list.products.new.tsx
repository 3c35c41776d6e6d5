// New Product (SPEC §2 Shopping List, §5 "New product"): a dialog over the list, a page
// without JavaScript.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert, TextareaField } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createProduct } from "~/domain/shopping.server";
import { ProductSchema } from "~/lib/schemas/shopping";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "New Product" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "shopping.use");
  return null;
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "shopping.use");
  return formAction(
    request,
    ProductSchema,
    async (value) => {
      await createProduct(user, value);
      return redirectWithToast("/shopping-list", { title: "Product created" });
    },
    { failure: (error) => `Failed to create product. ${error.message}` },
  );
});

export default function NewProductDialog() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formAction === "/shopping-list/products/new";
  return (
    <RouteDialog
      title="New Product"
      description="Add a product the salon buys, so it can be picked from the list."
      closeTo="/shopping-list"
    >
      <Form method="post" action="/shopping-list/products/new" {...getFormProps(form)} className="space-y-4">
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
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/shopping-list" className={buttonClasses("secondary")} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create Product"}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/shopping-list");
