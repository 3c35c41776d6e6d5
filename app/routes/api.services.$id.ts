import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getService, SERVICES_ADMIN_ONLY, updateService } from "~/domain/services.server";
import { ServicePatchSchema, ServiceSchema } from "~/lib/schemas/services";
import { api, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  getService(await requireApiUser(request), parseId(params.id)),
);

// PUT replaces every field (SPEC §7: the same payload as POST); PATCH changes the fields
// it names (SPEC sends just `duration`), the others keep their stored values.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed(["GET", "PUT", "PATCH"]);
  const actor = await requireApiUser(request, "services.write", SERVICES_ADMIN_ONLY);
  const id = parseId(params.id);
  if (request.method === "PUT") return updateService(actor, id, await readBody(request, ServiceSchema));
  const changes = await readBody(request, ServicePatchSchema);
  const service = await getService(actor, id);
  const { name, category, duration, price, isActive, onlineBookable, bufferMinutes } = service;
  const { processingAfterMinutes, processingMinutes } = service;
  const stored = { name, category, duration, price, isActive, onlineBookable, bufferMinutes };
  return updateService(
    actor,
    id,
    ServiceSchema.parse({ ...stored, processingAfterMinutes, processingMinutes, ...changes }),
  );
});
