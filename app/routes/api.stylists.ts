import type { LoaderFunctionArgs } from "@remix-run/node";
import { listVisibleStylists } from "~/domain/stylists.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) =>
  listVisibleStylists(await requireApiUser(request)),
);
