import type { ActionFunctionArgs } from "@remix-run/node";
import { recordCashUp } from "~/domain/takings.server";
import { CashUpSchema } from "~/lib/schemas/sales";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// POST { date, countedCash, notes? }: the day's cash count and its difference (admins).
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireApiUser(request, "takings.cashUp", "Only administrators can cash up.");
  return jsonResponse(await recordCashUp(actor, await readBody(request, CashUpSchema)), 201);
});
