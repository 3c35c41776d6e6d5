import type { User } from "#db/schema";
import { Forbidden } from "./errors";
import { can, type Capability } from "./permissions";

/** The signed-in user as the domain sees it: never the password hash. */
export type Actor = Pick<User, "id" | "email" | "firstName" | "lastName" | "role" | "isActive">;

/**
 * The client booking, moving or cancelling on the public booking page: no user account and
 * no role, so every capability check refuses it; the history names them ("Jane Smith (online)").
 */
export type OnlineActor = { id: null; role: null; name: string };
/** Whoever writes an appointment: a signed-in user, or the client online. */
export type WriteActor = Actor | OnlineActor;

export function assertCan(actor: Actor, capability: Capability, message?: string): void {
  if (!can(actor.role, capability)) throw new Forbidden(message);
}
