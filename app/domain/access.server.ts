import type { User } from "#db/schema";
import { Forbidden } from "./errors";
import { can, ONLINE_CLIENT_ROLE, type ActorRole, type Capability } from "./permissions";

/** The signed-in user as the domain sees it: never the password hash. */
export type Actor = Pick<User, "id" | "email" | "firstName" | "lastName" | "role" | "isActive">;

/** The client booking on the public page, as an appointment write sees them: no user, no capability. */
export type OnlineClientActor = Omit<Actor, "role"> & {
  role: typeof ONLINE_CLIENT_ROLE;
  /** Accepting a waitlist offer: the salon chose the slot, so the online page's own slot rule does not bind it (decision 0127). */
  acceptingOffer?: true;
};
/** Who makes an appointment write: a signed-in user, or the client on the public page. */
export type WriteActor = Actor | OnlineClientActor;

/** The client booking on the public page (id 0 is never a user's): every rule that excuses staff binds them. */
export function onlineClient(name: string): OnlineClientActor {
  return { id: 0, email: "", firstName: name, lastName: "", role: ONLINE_CLIENT_ROLE, isActive: true };
}

/** Whether a write comes from the public booking page. */
export function isOnlineClient(actor: { role: ActorRole }): actor is OnlineClientActor {
  return actor.role === ONLINE_CLIENT_ROLE;
}

export function assertCan(actor: Actor, capability: Capability, message?: string): void {
  if (!can(actor.role, capability)) throw new Forbidden(message);
}
