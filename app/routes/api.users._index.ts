import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/domain/users.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => listUsers(await requireApiUser(request)));
