import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/coming-soon";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "calendar.view");
  return null;
});

export default function Screen() {
  return <ComingSoon title="Day Schedule" description="Today's appointments" />;
}
