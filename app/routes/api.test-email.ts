import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { sendTestEmail } from "~/domain/email.server";
import { SMS_ADMIN_ONLY } from "~/lib/schemas/sms";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// POST { to } -> { success, message }: a test e-mail through the saved SMTP settings. The
// server's refusal (or no answer) is 502 with success false and the server's own words.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireApiUser(request, "sms.manage", SMS_ADMIN_ONLY);
  const body = await readBody(request, z.record(z.unknown()));
  const result = await sendTestEmail(actor, body);
  return jsonResponse(result, result.success ? 200 : 502);
});
