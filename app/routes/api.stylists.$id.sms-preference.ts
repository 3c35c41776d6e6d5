import type { ActionFunctionArgs } from "@remix-run/node";
import { setStylistSmsPreference } from "~/domain/sms.server";
import { SMS_ADMIN_ONLY, SmsPreferenceSchema } from "~/lib/schemas/sms";
import { api, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// PUT { smsRemindersEnabled } (SPEC §7): whether this stylist's clients get reminders.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const actor = await requireApiUser(request, "sms.manage", SMS_ADMIN_ONLY);
  const { smsRemindersEnabled } = await readBody(request, SmsPreferenceSchema);
  return setStylistSmsPreference(actor, parseId(params.id), smsRemindersEnabled);
});
