import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { ClientForm } from "~/components/clients/client-form";
import { clientsListPath } from "~/components/clients/paths";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createClient } from "~/domain/clients.server";
import { DomainError } from "~/domain/errors";
import { ClientFormSchema } from "~/lib/schemas/clients";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "clients.write");
  return null;
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "clients.write");
  const submission = parseWithZod(await request.formData(), { schema: ClientFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createClient(user, submission.value);
  } catch (error) {
    if (!(error instanceof DomainError) || error.status === 403) throw error;
    return data(submission.reply({ formErrors: [`Failed to create client. ${error.message}`], fieldErrors: error.fieldErrors }), { status: error.status });
  }
  return redirectWithToast(clientsListPath(new URL(request.url).searchParams), { title: "Success", description: "Client created successfully" });
});

export default function NewClientDialog() {
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const closeTo = clientsListPath(location.search);
  return (
    <RouteDialog title="Add New Client" closeTo={closeTo} size="lg">
      <ClientForm
        action={`/clients/new${location.search}`}
        lastResult={lastResult}
        defaultValue={{ consentType: "service", legalBasis: "consent", isActive: "on" }}
        submitLabel="Add Client"
        pendingLabel="Adding..."
        cancelTo={closeTo}
      />
    </RouteDialog>
  );
}
