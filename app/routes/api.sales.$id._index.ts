import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSale } from "~/domain/sales.server";
import { api, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET: one sale with its lines, tips, payments and refunds.
export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  getSale(await requireApiUser(request, "sales.view"), parseId(params.id)),
);
