import { z } from "zod";
import { ROLES } from "#db/enums";
import { Id, Instant, named } from "./common";

/** The signed-in user (`GET /api/user`) and the `user` of a sign-in. */
const sessionUser = z
  .object({
    id: Id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ROLES),
    isActive: z.boolean(),
  })
  .strict();
export const SessionUserView = named("SessionUser", sessionUser);

/** `POST /api/login`, `POST /api/setup-admin`: the bearer token and until when it holds. */
export const SessionView = named(
  "Session",
  z.object({ token: z.string(), expiresAt: Instant, user: SessionUserView }).strict(),
);

/** A staff account as `/api/users` and `/api/register` answer it. */
export const UserView = named("User", sessionUser.extend({ createdAt: Instant, updatedAt: Instant }).strict());
