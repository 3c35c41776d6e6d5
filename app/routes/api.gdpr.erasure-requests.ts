import type { LoaderFunctionArgs } from "@remix-run/node";
import { listErasureRequests } from "~/domain/gdpr.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => listErasureRequests(await requireApiUser(request)));
