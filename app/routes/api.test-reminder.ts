import type { ActionFunctionArgs } from "@remix-run/node";
import { sendTestReminder } from "~/domain/sms.server";
import { SMS_ADMIN_ONLY, TestReminderSchema } from "~/lib/schemas/sms";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// POST { appointmentId } -> { success, message } (SPEC §7). A provider's refusal is 502
// with success false and the provider's words; bad input is 400/404 { message, errors }.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireApiUser(request, "sms.manage", SMS_ADMIN_ONLY);
  const { appointmentId } = await readBody(request, TestReminderSchema);
  const result = await sendTestReminder(actor, appointmentId);
  return jsonResponse(result, result.success ? 200 : 502);
});
