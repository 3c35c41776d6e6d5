import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getSalonSettings, saveSalonSettings } from "~/domain/settings.server";
import { api, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => getSalonSettings(await requireApiUser(request)));

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "settings.salon");
  // Field rules live in the domain; the SPEC's client also sends userId, which is ignored.
  const input = await readBody(request, z.record(z.unknown()));
  return saveSalonSettings(actor, input);
});
