import type { LoaderFunctionArgs } from "@remix-run/node";
import { listClientAuditLog } from "~/domain/gdpr.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => listClientAuditLog(await requireApiUser(request), 200));
