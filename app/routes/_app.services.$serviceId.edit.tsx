import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ServiceForm } from "~/components/services/service-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { getService, listCategories, updateService } from "~/domain/services.server";
import { returnPath } from "~/lib/return-path";
import { serviceInputOf, ServiceFormSchema } from "~/lib/schemas/services";
import { formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "Edit Service" }];

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "services.write");
  const [service, categories] = await Promise.all([getService(user, parseId(params.serviceId)), listCategories(user)]);
  return { service, categories, closeTo: returnPath("/services", new URL(request.url)) };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "services.write");
  const id = parseId(params.serviceId);
  return formAction(
    request,
    ServiceFormSchema,
    async (value) => {
      await updateService(user, id, serviceInputOf(value));
      return redirectWithToast(returnPath("/services", new URL(request.url)), {
        title: "Success",
        description: "Service updated successfully",
      });
    },
    {
      failure: (error) =>
        error.fieldErrors ? "Failed to update service" : `Failed to update service: ${error.message}`,
    },
  );
});

export default function EditServiceDialog() {
  const { service, categories, closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <RouteDialog title="Edit Service" closeTo={closeTo}>
      <ServiceForm
        key={service.updatedAt}
        service={service}
        categories={categories}
        lastResult={lastResult}
        submitLabel="Update Service"
        closeTo={closeTo}
      />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/services");
