// Edit Product (administrators, decision 0120): the catalogue entry with its retail price,
// stock and reorder level. A dialog over the list, a page without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ProductForm } from "~/components/shopping/product-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { getProduct, updateProduct } from "~/domain/shopping.server";
import { penceToPoundsInput } from "~/lib/money";
import { ProductFormSchema } from "~/lib/schemas/backoffice";
import { formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Edit Product" }];

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "products.manage");
  return { product: await getProduct(user, parseId(params.productId)) };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "products.manage");
  const id = parseId(params.productId);
  return formAction(request, ProductFormSchema, async (value) => {
    await updateProduct(user, id, value);
    return redirectWithToast("/shopping-list/products", { title: "Product saved" });
  });
});

export default function EditProductDialog() {
  const { product } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const path = `/shopping-list/products/${product.id}`;
  const busy = navigation.state === "submitting" && navigation.formAction === path;
  return (
    <RouteDialog title={`Edit ${product.name}`} closeTo="/shopping-list/products">
      <ProductForm
        key={product.id}
        action={path}
        lastResult={actionData?.result}
        defaults={{
          name: product.name,
          category: product.category,
          description: product.description,
          retailPriceInPounds: product.retailPrice === null ? undefined : penceToPoundsInput(product.retailPrice),
          stockQuantity: product.stockQuantity,
          reorderLevel: product.reorderLevel,
        }}
        retail
        busy={busy}
        submitLabel="Save Product"
        busyLabel="Saving..."
      />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/shopping-list");
