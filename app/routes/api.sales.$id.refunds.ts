import type { ActionFunctionArgs } from "@remix-run/node";
import { refundSale, REFUNDS_ADMIN_ONLY } from "~/domain/sales.server";
import { RefundSchema } from "~/lib/schemas/sales";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// POST { lines?: [{ saleLineId, quantity }], amount, method, reason }: a refund (admins).
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireApiUser(request, "sales.refund", REFUNDS_ADMIN_ONLY);
  const id = parseId(params.id);
  return jsonResponse(await refundSale(actor, id, await readBody(request, RefundSchema)), 201);
});
