import { z } from "zod";
import { ROLES } from "#db/enums";
import { Id, Instant } from "./common";

/** The signed-in user (`GET /api/user`) and the `user` of a sign-in. */
export const SessionUserView = z.object({ id: Id, email: z.string(), firstName: z.string(), lastName: z.string(), role: z.enum(ROLES), isActive: z.boolean() }).strict();

/** `POST /api/login`, `POST /api/setup-admin`: the bearer token and until when it holds. */
export const SessionView = z.object({ token: z.string(), expiresAt: Instant, user: SessionUserView }).strict();

/** A staff account as `/api/users` and `/api/register` answer it. */
export const UserView = SessionUserView.extend({ createdAt: Instant, updatedAt: Instant }).strict();
