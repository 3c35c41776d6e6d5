import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ServiceForm } from "~/components/services/service-form";
import { serviceFormAction, servicesListPath } from "~/components/services/service-form.server";
import { RouteDialog } from "~/components/ui/route-dialog";
import { getService, listCategories, updateService } from "~/domain/services.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Edit Service" }];

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "services.write");
  const [service, categories] = await Promise.all([getService(user, parseId(params.serviceId)), listCategories(user)]);
  return { service, categories, closeTo: servicesListPath(request) };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const id = parseId(params.serviceId);
  return serviceFormAction(request, (actor, input) => updateService(actor, id, input), { success: "Service updated successfully", failure: "Failed to update service" });
});

export default function EditServiceDialog() {
  const { service, categories, closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit Service" closeTo={closeTo}>
      <ServiceForm key={service.updatedAt} service={service} categories={categories} lastResult={lastResult} submitLabel="Update Service" closeTo={closeTo} />
    </RouteDialog>
  );
}
