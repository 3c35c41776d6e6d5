// Confirm Data Erasure (SPEC §2 GDPR): 'Process Erasure' on a request and 'Delete' on an
// expired retention period both come here; confirming erases the client permanently.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { getClient } from "~/domain/clients.server";
import { DomainError } from "~/domain/errors";
import { ERASURE_PURGE_PENDING, eraseClient } from "~/domain/gdpr.server";
import { pathKeeping } from "~/lib/redirect";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { logServerError } from "~/utils/log.server";
import { redirectWithToast } from "~/utils/toast.server";

const backTo = (search: string | URLSearchParams) => pathKeeping("/gdpr", search, ["tab"]);

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "gdpr.manage");
  const { id, name } = await getClient(user, parseId(params.clientId));
  return { client: { id, name } };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "gdpr.manage");
  const closeTo = backTo(new URL(request.url).searchParams);
  let purgePending = false;
  try {
    purgePending = (await eraseClient(user, parseId(params.clientId))).purge === "pending";
  } catch (error) {
    if (error instanceof DomainError && error.status === 403) throw error;
    if (!(error instanceof DomainError)) logServerError(error);
    return redirectWithToast(closeTo, { title: "Erasure Failed", description: "Failed to process erasure", variant: "destructive" });
  }
  if (purgePending) return redirectWithToast(closeTo, { title: "Data Erasure Pending", description: ERASURE_PURGE_PENDING });
  return redirectWithToast(closeTo, { title: "Data Erasure Complete", description: "The client's personal data has been permanently deleted." });
});

export default function ConfirmErasureDialog() {
  const { client } = useLoaderData<typeof loader>();
  const location = useLocation();
  const closeTo = backTo(location.search);
  return (
    <RouteDialog title="Confirm Data Erasure" description={`This action cannot be undone. All data for ${client.name} will be permanently deleted.`} closeTo={closeTo}>
      <ConfirmForm cancelTo={closeTo} label="Confirm Erasure" pendingLabel="Processing..." />
    </RouteDialog>
  );
}
