import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ServiceForm } from "~/components/services/service-form";
import { serviceFormAction, servicesListPath } from "~/components/services/service-form.server";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createService, listCategories } from "~/domain/services.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Add New Service" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "services.write");
  return { categories: await listCategories(user), closeTo: servicesListPath(request) };
});

export const action = page(async ({ request }: ActionFunctionArgs) =>
  serviceFormAction(request, createService, { success: "Service created successfully", failure: "Failed to create service" }),
);

export default function NewServiceDialog() {
  const { categories, closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Add New Service" closeTo={closeTo}>
      <ServiceForm categories={categories} lastResult={lastResult} submitLabel="Create Service" closeTo={closeTo} />
    </RouteDialog>
  );
}
