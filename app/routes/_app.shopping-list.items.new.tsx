// Add Item (SPEC §2 Shopping List, §5 "Add shopping item"): a product from the list or a
// custom name, a quantity (1 when left blank) and notes.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert, SelectField, TextareaField } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { addShoppingItem, listProducts } from "~/domain/shopping.server";
import { MAX_QUANTITY, ShoppingItemFormSchema } from "~/lib/schemas/shopping";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "Add Item" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "shopping.use");
  return { products: await listProducts(user) };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "shopping.use");
  return formAction(
    request,
    ShoppingItemFormSchema,
    async (value) => {
      await addShoppingItem(user, value);
      return redirectWithToast("/shopping-list", { title: "Item added" });
    },
    { failure: (error) => `Failed to add item. ${error.message}` },
  );
});

export default function AddItemDialog() {
  const { products } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { quantity: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShoppingItemFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formAction === "/shopping-list/items/new";
  return (
    <RouteDialog
      title="Add Item"
      description="Pick a product or type a name for something not on the product list."
      closeTo="/shopping-list"
    >
      <Form method="post" action="/shopping-list/items/new" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} />
        <SelectField
          label="Select Product (optional)"
          {...getSelectProps(fields.productId)}
          errors={fields.productId.errors}
        >
          <option value="">No product: use the custom name</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.category ? `${product.name} (${product.category})` : product.name}
            </option>
          ))}
        </SelectField>
        <Field
          label="Custom Name"
          {...getInputProps(fields.customName, { type: "text" })}
          errors={fields.customName.errors}
          autoComplete="off"
        />
        <Field
          label="Quantity"
          {...getInputProps(fields.quantity, { type: "number" })}
          errors={fields.quantity.errors}
          min={1}
          max={MAX_QUANTITY}
          step={1}
          inputMode="numeric"
        />
        <TextareaField label="Notes" {...getTextareaProps(fields.notes)} errors={fields.notes.errors} rows={3} />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/shopping-list" className={buttonClasses("secondary")} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding..." : "Add Item"}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/shopping-list");
