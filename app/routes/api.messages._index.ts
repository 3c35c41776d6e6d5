import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listMessages, sendMessage } from "~/domain/messages.server";
import { MAX_MESSAGE_PAGE, MESSAGE_PAGE_SIZE, MessageSchema } from "~/lib/schemas/messages";
import { api, jsonResponse, methodNotAllowed, parseOptionalId, readBody } from "~/utils/http.server";
import { nextLinkHeader, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";

// GET: the newest messages (oldest first within the page); `?before=<id>` pages back,
// `?limit=` sets the page size (50 unless asked, at most 200, else 400). The `X-Has-Older`
// header says whether an older page exists, and `Link: <...>; rel="next"` is its address
// (decision 0065; the id is this list's cursor).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const url = new URL(request.url);
  const { limit } = pageRequest(url, { defaultLimit: MESSAGE_PAGE_SIZE, maxLimit: MAX_MESSAGE_PAGE });
  const page = await listMessages(actor, { before: parseOptionalId(url.searchParams.get("before")), limit });
  const oldest = page.messages[0];
  if (page.hasOlder && oldest) url.searchParams.set("before", String(oldest.id));
  const next = page.hasOlder && oldest ? `${url.pathname}?${url.searchParams}` : null;
  return jsonResponse(page.messages, { headers: { "X-Has-Older": String(page.hasOlder), ...nextLinkHeader(next) } });
});

// POST: content (SPEC §7).
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "messages.use");
  return jsonResponse(await sendMessage(actor, await readBody(request, MessageSchema)), 201);
});
