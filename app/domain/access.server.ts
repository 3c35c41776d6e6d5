import type { User } from "#db/schema";
import { Forbidden } from "./errors";
import { can, type Capability } from "./permissions";

/** The signed-in user as the domain sees it: never the password hash. */
export type Actor = Pick<User, "id" | "email" | "firstName" | "lastName" | "role" | "isActive">;

export function assertCan(actor: Actor, capability: Capability, message?: string): void {
  if (!can(actor.role, capability)) throw new Forbidden(message);
}
