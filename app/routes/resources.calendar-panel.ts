import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/redirect";
import { page } from "~/utils/http.server";
import { panelCookieHeader } from "~/utils/calendar-panel.server";
import { requireUser } from "~/utils/session.server";
import { formLimit, readFormData } from "~/utils/form-data.server";

const PanelSchema = z.object({ open: z.enum(["0", "1"]), redirectTo: z.string().max(2000).optional() });

// The side panel's Show/Hide button without JavaScript: remembers the choice on this
// device and returns to the calendar as it was.
export const action = page(async ({ request }: ActionFunctionArgs) => {
  await requireUser(request, "calendar.view");
  const parsed = PanelSchema.safeParse(Object.fromEntries(await readFormData(request, formLimit(PanelSchema))));
  if (!parsed.success) throw new Response("Send open=1 or open=0.", { status: 400 });
  return redirect(safeRedirectPath(parsed.data.redirectTo, "/calendar"), {
    headers: { "Set-Cookie": panelCookieHeader(parsed.data.open === "1") },
  });
});

export const loader = () => redirect("/calendar");
