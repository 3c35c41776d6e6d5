import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getProduct, RETAIL_ADMIN_ONLY, updateProduct } from "~/domain/shopping.server";
import { ProductSchema } from "~/lib/schemas/shopping";
import { api, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  getProduct(await requireApiUser(request), parseId(params.id)),
);

// PUT replaces every field: name, category, description, retailPrice, stockQuantity, reorderLevel. Admins only.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const actor = await requireApiUser(request, "products.manage", RETAIL_ADMIN_ONLY);
  return updateProduct(actor, parseId(params.id), await readBody(request, ProductSchema));
});
