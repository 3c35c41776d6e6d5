// Confirm Data Erasure (SPEC §2 GDPR): 'Process Erasure' on a request and 'Delete' on an
// expired retention period both come here; confirming erases the client permanently.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { getClient } from "~/domain/clients.server";
import { DomainError } from "~/domain/errors";
import { ERASURE_PURGE_PENDING, eraseClient } from "~/domain/gdpr.server";
import { returnPath } from "~/lib/return-path";
import { ConfirmationSchema, formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { logServerError } from "~/utils/log.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "gdpr.manage");
  const { id, name } = await getClient(user, parseId(params.clientId));
  return { client: { id, name } };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "gdpr.manage");
  const closeTo = returnPath("/gdpr", new URL(request.url));
  const failed = () =>
    redirectWithToast(closeTo, {
      title: "Erasure Failed",
      description: "Failed to process erasure",
      variant: "destructive",
    });
  return formAction(
    request,
    ConfirmationSchema,
    async () => {
      let purgePending = false;
      try {
        purgePending = (await eraseClient(user, parseId(params.clientId))).purge === "pending";
      } catch (error) {
        if (error instanceof DomainError) throw error;
        // SPEC §8 answers every failed erasure with the same toast; the cause goes to the log.
        logServerError(error);
        return failed();
      }
      // A reader (a backup, a long report) kept the journal from being emptied yet: say so.
      if (purgePending)
        return redirectWithToast(closeTo, { title: "Data Erasure Pending", description: ERASURE_PURGE_PENDING });
      return redirectWithToast(closeTo, {
        title: "Data Erasure Complete",
        description: "The client's personal data has been permanently deleted.",
      });
    },
    { onRefused: failed },
  );
});

export default function ConfirmErasureDialog() {
  const { client } = useLoaderData<typeof loader>();
  const location = useLocation();
  const closeTo = returnPath("/gdpr", location.search);
  return (
    <RouteDialog
      title="Confirm Data Erasure"
      description={`This action cannot be undone. All data for ${client.name} will be permanently deleted.`}
      closeTo={closeTo}
    >
      <ConfirmForm cancelTo={closeTo} label="Confirm Erasure" pendingLabel="Processing..." />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/gdpr");
