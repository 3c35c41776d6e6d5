import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createProduct, listProducts } from "~/domain/shopping.server";
import { ProductSchema } from "~/lib/schemas/shopping";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET: every product by name. POST: name, description or null, category or null (SPEC §7).
export const loader = api(async ({ request }: LoaderFunctionArgs) => listProducts(await requireApiUser(request)));

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "shopping.use");
  return jsonResponse(await createProduct(actor, await readBody(request, ProductSchema)), 201);
});
