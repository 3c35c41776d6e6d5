// New Product (SPEC §2 Shopping List, §5 "New product"): a dialog over the list, a page
// without JavaScript. Administrators also set the retail price, stock and reorder level.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ProductForm } from "~/components/shopping/product-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { can } from "~/domain/permissions";
import { createProduct } from "~/domain/shopping.server";
import { ProductFormSchema } from "~/lib/schemas/backoffice";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "New Product" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "shopping.use");
  return { retail: can(user.role, "products.manage") };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "shopping.use");
  return formAction(
    request,
    ProductFormSchema,
    async (value) => {
      await createProduct(user, value);
      return redirectWithToast("/shopping-list", { title: "Product created" });
    },
    { failure: (error) => `Failed to create product. ${error.message}` },
  );
});

export default function NewProductDialog() {
  const { retail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/shopping-list/products/new";
  return (
    <RouteDialog
      title="New Product"
      description="Add a product the salon buys, so it can be picked from the list."
      closeTo="/shopping-list"
    >
      <ProductForm
        action="/shopping-list/products/new"
        lastResult={actionData?.result}
        retail={retail}
        busy={busy}
        submitLabel="Create Product"
        busyLabel="Creating..."
      />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/shopping-list");
