// Edit Client: the client form, plus recording (or withdrawing) the client's request to
// have their data erased, which an admin then processes on the GDPR screen.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ClientForm, existingClientIdOf, sharedConfirmForOf } from "~/components/clients/client-form";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import {
  getClientForEditing,
  recordErasureRequest,
  updateClient,
  withdrawErasureRequest,
} from "~/domain/clients.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { can } from "~/domain/permissions";
import { returnPath } from "~/lib/return-path";
import { ClientFormSchema } from "~/lib/schemas/clients";
import { ConfirmationSchema, formAction } from "~/utils/form-action.server";
import { dateInZone, formatLongDate } from "~/lib/salon-time";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { DuplicateClient } from "~/domain/errors";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "clients.write");
  const client = await getClientForEditing(user, parseId(params.clientId));
  const { timeZone } = await getGlobalSettings();
  return {
    client,
    canMerge: can(user.role, "clients.merge"),
    erasureRequested: client.erasureRequestedAt
      ? formatLongDate(dateInZone(client.erasureRequestedAt, timeZone))
      : null,
  };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "clients.write");
  const id = parseId(params.clientId);
  const url = new URL(request.url);
  const formData = await readFormData(request, formLimit(ClientFormSchema));
  const intent = formData.get("intent");
  if (intent === "request-erasure" || intent === "withdraw-erasure") {
    return formAction(formData, ConfirmationSchema, async () => {
      if (intent === "request-erasure") await recordErasureRequest(user, id);
      else await withdrawErasureRequest(user, id);
      return redirectWithToast(`${url.pathname}${url.search}`, {
        title: "Success",
        description: intent === "request-erasure" ? "Erasure request recorded" : "Erasure request withdrawn",
      });
    });
  }
  return formAction(
    formData,
    ClientFormSchema,
    async (value) => {
      await updateClient(user, id, value, value.confirmShared);
      return redirectWithToast(returnPath("/clients", url), {
        title: "Success",
        description: "Client updated successfully",
      });
    },
    {
      failure: (error) =>
        error instanceof DuplicateClient ? error.message : `Failed to update client. ${error.message}`,
    },
  );
});

function ErasureSection() {
  const { erasureRequested } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") !== "save";
  return (
    <section aria-labelledby="erasure-title" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="erasure-title" className="text-sm font-semibold text-slate-900">
        Right to erasure
      </h3>
      {erasureRequested ? (
        <p className="mt-1 text-sm text-slate-700">
          Erasure requested: {erasureRequested}. An administrator processes it on the GDPR Compliance screen.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          If the client asks for their personal data to be deleted, record the request here. An administrator processes
          it on the GDPR Compliance screen.
        </p>
      )}
      <Form method="post" action={`${location.pathname}${location.search}`} className="mt-3">
        <input type="hidden" name="intent" value={erasureRequested ? "withdraw-erasure" : "request-erasure"} />
        <Button type="submit" variant="secondary" disabled={pending}>
          {erasureRequested ? "Withdraw Erasure Request" : "Record Erasure Request"}
        </Button>
      </Form>
    </section>
  );
}

export default function EditClientDialog() {
  const { client, canMerge } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result;
  const location = useLocation();
  const closeTo = returnPath("/clients", location.search);
  return (
    <RouteDialog title="Edit Client" closeTo={closeTo} size="lg">
      <ClientForm
        key={client.updatedAt}
        action={`${location.pathname}${location.search}`}
        lastResult={lastResult}
        existingClientId={existingClientIdOf(actionData)}
        sharedConfirmFor={sharedConfirmForOf(actionData)}
        defaultValue={{
          name: client.name,
          phone: client.phone,
          email: client.email,
          notes: client.notes,
          consentType: client.consentType,
          legalBasis: client.legalBasis,
          isActive: client.isActive ? "on" : undefined,
          // SPEC §4: when editing a client the GDPR consent box starts ticked.
          gdprConsent: "on",
        }}
        submitLabel="Update Client"
        pendingLabel="Updating..."
        cancelTo={closeTo}
      />
      {canMerge ? (
        <p className="mt-4 text-sm text-slate-700">
          Another record of the same person?{" "}
          <Link
            to={`/clients/${client.id}/merge${location.search}`}
            preventScrollReset
            className="font-semibold text-brand-800 underline"
          >
            Merge with another client
          </Link>
        </p>
      ) : null}
      <ErasureSection />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/clients");
