import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ServiceForm } from "~/components/services/service-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createService, listCategories } from "~/domain/services.server";
import { returnPath } from "~/lib/return-path";
import { serviceInputOf, ServiceFormSchema } from "~/lib/schemas/services";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "Add New Service" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "services.write");
  return { categories: await listCategories(user), closeTo: returnPath("/services", new URL(request.url)) };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "services.write");
  return formAction(
    request,
    ServiceFormSchema,
    async (value) => {
      await createService(user, serviceInputOf(value));
      return redirectWithToast(returnPath("/services", new URL(request.url)), {
        title: "Success",
        description: "Service created successfully",
      });
    },
    {
      failure: (error) =>
        error.fieldErrors ? "Failed to create service" : `Failed to create service: ${error.message}`,
    },
  );
});

export default function NewServiceDialog() {
  const { categories, closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <RouteDialog title="Add New Service" closeTo={closeTo}>
      <ServiceForm categories={categories} lastResult={lastResult} submitLabel="Create Service" closeTo={closeTo} />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/services");
