// DELETE /api/gdpr/erasure/{id}: erases the client permanently (SPEC §7).
import type { ActionFunctionArgs } from "@remix-run/node";
import { eraseClient } from "~/domain/gdpr.server";
import { api, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";
import type { z } from "zod";
import type { ErasureView } from "~/lib/schemas/views/gdpr";

export const loader = () => methodNotAllowed(["DELETE"]);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const result = await eraseClient(await requireApiUser(request, "gdpr.manage"), parseId(params.id));
  return { message: "Client data erased", ...result } satisfies z.infer<typeof ErasureView>;
});
