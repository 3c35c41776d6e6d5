import type { ActionFunctionArgs } from "@remix-run/node";
import { handleInboundText, twilioAuthToken, validTwilioSignature } from "~/domain/sms.server";
import { readFormData } from "~/utils/form-data.server";
import { apiErrorResponse, jsonResponse, methodNotAllowed } from "~/utils/http.server";

// Twilio posts about twenty parameters, plus two per attached picture (at most ten).
const TWILIO_FORM = { maxFields: 100, maxRepeats: 1 };

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

// Twilio's incoming-message webhook (set it on the number to APP_URL + this path). The
// request is accepted only with a valid X-Twilio-Signature, computed over the public URL
// from APP_URL (behind a proxy the request's own URL differs from what Twilio signed).
export const action = async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const appUrl = process.env.APP_URL?.trim().replace(/\/+$/, "");
  if (!appUrl) return jsonResponse({ message: "APP_URL is not set, so Twilio's signature cannot be checked." }, 503);
  const token = await twilioAuthToken();
  if (!token) return jsonResponse({ message: "Twilio is not the configured SMS provider." }, 403);
  let form: FormData;
  try {
    form = await readFormData(request, TWILIO_FORM);
  } catch (error) {
    return apiErrorResponse(error);
  }
  const params = [...form.entries()].map(([name, value]) => [name, String(value)] as [string, string]);
  const url = `${appUrl}${new URL(request.url).pathname}${new URL(request.url).search}`;
  if (!validTwilioSignature(token, url, params, request.headers.get("X-Twilio-Signature"))) {
    return jsonResponse({ message: "Invalid Twilio signature." }, 403);
  }
  // Twilio's id of the text: a captured request replayed (its signature is still valid)
  // or a webhook retried is answered as before, with no second effect.
  const messageSid = String(form.get("MessageSid") ?? form.get("SmsSid") ?? "").trim();
  if (!messageSid) return jsonResponse({ message: "MessageSid is missing." }, 400);
  await handleInboundText(String(form.get("From") ?? ""), String(form.get("Body") ?? ""), new Date(), {
    provider: "twilio",
    id: messageSid,
  });
  return new Response(EMPTY_TWIML, {
    status: 200,
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
};
