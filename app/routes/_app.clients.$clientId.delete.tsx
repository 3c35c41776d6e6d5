// Delete Client (admins): the SPEC §2 confirmation; deleting removes the client's
// appointment history and notes too.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { deleteClient, getClient } from "~/domain/clients.server";
import { returnPath } from "~/lib/return-path";
import { ConfirmationSchema, formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "clients.delete");
  return { client: await getClient(user, parseId(params.clientId)) };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "clients.delete");
  const closeTo = returnPath("/clients", new URL(request.url));
  return formAction(
    request,
    ConfirmationSchema,
    async () => {
      await deleteClient(user, parseId(params.clientId));
      return redirectWithToast(closeTo, { title: "Success", description: "Client deleted successfully" });
    },
    {
      onRefused: (error) =>
        redirectWithToast(closeTo, {
          title: "Error",
          description: `Failed to delete client. ${error.message}`,
          variant: "destructive",
        }),
    },
  );
});

export default function DeleteClientDialog() {
  const { client } = useLoaderData<typeof loader>();
  const location = useLocation();
  const closeTo = returnPath("/clients", location.search);
  return (
    <RouteDialog
      title="Delete Client"
      description="Are you sure you want to delete this client? This action cannot be undone."
      closeTo={closeTo}
    >
      <dl className="space-y-1 rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
        <div className="flex gap-2">
          <dt className="font-medium text-slate-600">Name:</dt>
          <dd className="font-semibold text-slate-900">{client.name}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-medium text-slate-600">Phone:</dt>
          <dd>{client.phone}</dd>
        </div>
        {client.email ? (
          <div className="flex gap-2">
            <dt className="font-medium text-slate-600">Email:</dt>
            <dd className="break-all">{client.email}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-sm text-red-800">
        All appointment history and notes for this client will also be permanently removed.
      </p>
      <ConfirmForm cancelTo={closeTo} label="Delete Client" pendingLabel="Deleting..." />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/clients");
