// GET /api/clients/{id}/patch-tests: the client's patch tests, newest first (decision 0126).
// POST records one, by the signed-in user; tests are never changed or deleted.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPatchTests, recordPatchTest } from "~/domain/patch-tests.server";
import { PatchTestApiSchema } from "~/lib/schemas/patch-tests";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request, params }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, "clients.profile");
  return listPatchTests(actor, parseId(params.id));
});

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "patchTests.record");
  const id = parseId(params.id);
  const body = await readBody(request, PatchTestApiSchema);
  return jsonResponse(await recordPatchTest(actor, id, body), 201);
});
