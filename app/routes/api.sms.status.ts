import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSmsStatus } from "~/domain/sms.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// The SMS screen's System Status card as JSON.
export const loader = api(async ({ request }: LoaderFunctionArgs) => getSmsStatus(await requireApiUser(request)));
