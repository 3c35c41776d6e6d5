import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listMessages, sendMessage } from "~/domain/messages.server";
import { MAX_MESSAGE_PAGE, MessageSchema } from "~/lib/schemas/messages";
import { api, jsonResponse, methodNotAllowed, parseOptionalId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";
import { Invalid } from "~/domain/errors";

// GET: the newest messages (oldest first within the page); `?before=<id>` pages back,
// `?limit=` sets the page size (50 unless asked, at most 200). The `X-Has-Older`
// header says whether an older page exists.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const query = new URL(request.url).searchParams;
  const limitText = query.get("limit");
  const limit = limitText === null ? undefined : Number(limitText);
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_MESSAGE_PAGE)) {
    throw new Invalid(`limit must be a whole number from 1 to ${MAX_MESSAGE_PAGE}.`, { limit: [`Must be from 1 to ${MAX_MESSAGE_PAGE}`] });
  }
  const page = await listMessages(actor, { before: parseOptionalId(query.get("before")), limit });
  return jsonResponse(page.messages, { headers: { "X-Has-Older": String(page.hasOlder) } });
});

// POST: content (SPEC §7).
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request);
  return jsonResponse(await sendMessage(actor, await readBody(request, MessageSchema)), 201);
});
