import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createSale, listSales } from "~/domain/sales.server";
import { PeriodQuerySchema } from "~/lib/schemas/sales";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";
import { z } from "zod";

// GET ?from=YYYY-MM-DD&to=YYYY-MM-DD: the sales of those salon days, newest first, paged
// (`limit`, `cursor`, the next page in the `Link` header). A stylist sees their own sales.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, "sales.view");
  const { from, to } = PeriodQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return pagedJson(request, await listSales(actor, { from, to }, pageRequest(request)));
});

// POST: a sale (decision 0117). An `Idempotency-Key` header makes a repeat return the first
// sale (200, `Idempotent-Replayed: true`) instead of recording a second.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "sales.take");
  const body = await readBody(request, z.unknown());
  const { sale, replayed } = await createSale(actor, body, {
    idempotencyKey: request.headers.get("Idempotency-Key"),
  });
  return jsonResponse(sale, replayed ? { status: 200, headers: { "Idempotent-Replayed": "true" } } : 201);
});
