// Products (administrators, decision 0120): the catalogue with each product's retail price,
// stock and reorder level, and a link to edit it. A dialog over the shopping list.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { listProducts } from "~/domain/shopping.server";
import { formatPence } from "~/lib/money";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Products" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "products.manage");
  const products = await listProducts(user);
  return {
    products: products.map((product) => ({
      id: product.id,
      name: product.name,
      category: product.category,
      retailPrice: product.retailPrice,
      stockQuantity: product.stockQuantity,
      reorderLevel: product.reorderLevel,
      low: product.reorderLevel !== null && product.stockQuantity <= product.reorderLevel,
    })),
  };
});

export default function ProductsDialog() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <RouteDialog
      title="Products"
      description="Retail prices, stock and reorder levels. Only products with a retail price are sold at the till."
      closeTo="/shopping-list"
      size="lg"
    >
      {products.length === 0 ? (
        <p className="text-sm text-slate-600">No products yet.</p>
      ) : (
        <div className="max-h-[60vh] overflow-y-auto" tabIndex={0} role="group" aria-label="Products, scrolls">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Product
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Price
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Stock
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Reorder at
                </th>
                <th scope="col" className="py-2 pl-2">
                  <span className="sr-only">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {products.map((product) => (
                <tr key={product.id}>
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {product.name}
                    {product.category ? (
                      <span className="block text-xs font-normal text-slate-600">{product.category}</span>
                    ) : null}
                  </th>
                  <td className="px-2 py-2 text-right">
                    {product.retailPrice === null ? "Not sold" : formatPence(product.retailPrice)}
                  </td>
                  <td className="px-2 py-2 text-right">
                    {product.stockQuantity}
                    {product.low ? <span className="ml-1 font-semibold text-amber-800">(low)</span> : null}
                  </td>
                  <td className="px-2 py-2 text-right">{product.reorderLevel ?? "–"}</td>
                  <td className="py-2 pl-2 text-right">
                    <Link
                      to={`/shopping-list/products/${product.id}`}
                      preventScrollReset
                      className={buttonClasses("secondary")}
                      aria-label={`Edit ${product.name}`}
                    >
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/shopping-list");
