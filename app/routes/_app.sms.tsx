import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/coming-soon";
import { can } from "~/domain/permissions";
import { requireUser } from "~/utils/session.server";


export const SMS_ADMIN_ONLY = "Only administrators can access SMS reminder settings.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!can(user.role, "sms.manage")) throw data(SMS_ADMIN_ONLY, { status: 403 });
  return null;
}

export default function Screen() {
  return <ComingSoon title="SMS Reminders" description="Automatic appointment reminders by text message" />;
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
