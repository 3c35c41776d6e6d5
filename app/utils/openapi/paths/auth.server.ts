import { LoginSchema, SetupAdminSchema } from "~/lib/schemas/auth";
import { SessionUserView, SessionView } from "~/lib/schemas/views/auth";
import { MessageView } from "~/lib/schemas/views/common";
import type { Actor } from "~/domain/access.server";
import { answerFits, type ApiArea } from "../registry.server";

export const authArea: ApiArea = {
  tag: "Sign-in",
  description: "Bearer tokens: sign in for one, send it as `Authorization: Bearer <token>`, sign out to end it.",
  operations: [
    {
      method: "post",
      path: "/api/login",
      summary: "Sign in: a bearer token for the account",
      access: "public",
      body: LoginSchema,
      answers: { 200: { description: "The token, until when it holds, and the user.", schema: SessionView } },
      errors: [400, 401, 429, 503],
      description:
        "Wrong e-mail or password is 401. Repeated failures for an address or an account are refused with 429 for a while.",
    },
    {
      method: "post",
      path: "/api/logout",
      summary: "Sign out: ends the session of the token (or cookie) sent",
      access: "public",
      answers: { 200: { description: "Signed out (also when no session was sent).", schema: MessageView } },
      errors: [403],
    },
    {
      method: "post",
      path: "/api/setup-admin",
      summary: "First start: create the salon's administrator and sign in",
      access: "public",
      description: "Only while no administrator exists; afterwards 409.",
      body: SetupAdminSchema,
      answers: { 201: { description: "The administrator's session.", schema: SessionView } },
      errors: [400, 409, 503],
    },
    {
      method: "get",
      path: "/api/user",
      summary: "The signed-in user",
      answers: { 200: { description: "Who the token belongs to.", schema: SessionUserView } },
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof SessionUserView, Actor>();
