import { z } from "zod";
import { ChangeOwnPasswordSchema, CreateUserSchema, SetPasswordSchema, UserPatchSchema } from "~/lib/schemas/users";
import { UserView } from "~/lib/schemas/views/auth";
import { MessageView } from "~/lib/schemas/views/common";
import type { StaffUser } from "~/domain/users.server";
import { answerFits, type ApiArea } from "../registry.server";

export const usersArea: ApiArea = {
  tag: "Staff accounts",
  description: "Staff accounts (administrators), and everyone's own password.",
  operations: [
    {
      method: "get",
      path: "/api/users",
      summary: "Every staff account",
      answers: { 200: { description: "The accounts (a short list: not paged).", schema: z.array(UserView) } },
      errors: [403],
    },
    {
      method: "post",
      path: "/api/register",
      summary: "Create a staff account",
      body: CreateUserSchema,
      answers: { 201: { description: "The new account.", schema: UserView } },
      errors: [400, 403, 409, 503],
    },
    {
      method: "patch",
      path: "/api/users/{id}",
      summary: "Change an account: the fields sent; the others keep their stored values",
      body: UserPatchSchema,
      answers: { 200: { description: "The account as saved.", schema: UserView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "delete",
      path: "/api/users/{id}",
      summary: "Delete an account (not one's own, nor one with appointments)",
      answers: { 200: { description: "Deleted.", schema: MessageView } },
      errors: [403, 404, 409],
    },
    {
      method: "patch",
      path: "/api/users/{id}/password",
      summary: "Set another account's password",
      body: SetPasswordSchema,
      answers: { 200: { description: "Set; the account's sessions end.", schema: MessageView } },
      errors: [400, 403, 404, 503],
    },
    {
      method: "patch",
      path: "/api/users/{id}/change-password",
      summary: "Change one's own password (the current one is required)",
      body: ChangeOwnPasswordSchema,
      answers: { 200: { description: "Changed; other sessions end.", schema: MessageView } },
      errors: [400, 403, 404, 429, 503],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof UserView, StaffUser>();
