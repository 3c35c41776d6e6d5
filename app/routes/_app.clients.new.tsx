import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { ClientForm, existingClientIdOf, sharedConfirmForOf } from "~/components/clients/client-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createClient } from "~/domain/clients.server";
import { returnPath } from "~/lib/return-path";
import { ClientFormSchema } from "~/lib/schemas/clients";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { DuplicateClient } from "~/domain/errors";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "clients.write");
  return null;
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "clients.write");
  return formAction(
    request,
    ClientFormSchema,
    async (value) => {
      await createClient(user, value, value.confirmShared);
      return redirectWithToast(returnPath("/clients", new URL(request.url)), {
        title: "Success",
        description: "Client created successfully",
      });
    },
    {
      failure: (error) =>
        error instanceof DuplicateClient ? error.message : `Failed to create client. ${error.message}`,
    },
  );
});

export default function NewClientDialog() {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const closeTo = returnPath("/clients", location.search);
  return (
    <RouteDialog title="Add New Client" closeTo={closeTo} size="lg">
      <ClientForm
        action={`/clients/new${location.search}`}
        lastResult={actionData?.result}
        existingClientId={existingClientIdOf(actionData)}
        sharedConfirmFor={sharedConfirmForOf(actionData)}
        defaultValue={{ consentType: "service", legalBasis: "consent", isActive: "on" }}
        submitLabel="Add Client"
        pendingLabel="Adding..."
        cancelTo={closeTo}
      />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/clients");
