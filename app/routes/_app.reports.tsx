import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/coming-soon";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";


export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "reports.view");
  return null;
});

export default function Screen() {
  return <ComingSoon title="Reports & Analytics" description="Revenue, services and performance" />;
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
