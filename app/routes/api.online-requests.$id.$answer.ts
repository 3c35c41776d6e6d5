import type { ActionFunctionArgs } from "@remix-run/node";
import { NotFound } from "~/domain/errors";
import { answerRequest } from "~/domain/online-requests.server";
import { REQUEST_ANSWERS, type RequestAnswer } from "~/lib/schemas/online";
import { api, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async () => methodNotAllowed(["POST"]));

// POST /api/online-requests/{id}/accept|decline: the answer to a request; the client is
// told. The appointment as it now stands, or 409 when the request was already answered.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireApiUser(request, "online.requests");
  const answer = params.answer as RequestAnswer;
  if (!REQUEST_ANSWERS.includes(answer)) throw new NotFound(`Unknown answer. Use ${REQUEST_ANSWERS.join(" or ")}.`);
  return answerRequest(actor, parseId(params.id), answer);
});
