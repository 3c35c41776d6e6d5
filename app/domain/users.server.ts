// Staff accounts. Only admins manage other users; everyone may change their own password.
import { asc, count, eq, and, ne } from "drizzle-orm";
import type { z } from "zod";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { appointments, auditLog, sessions, stylists, users, type User } from "#db/schema";
import type {
  ChangeOwnPasswordSchema,
  CreateUserSchema,
  OwnProfileSchema,
  UpdateUserSchema,
} from "~/lib/schemas/users";
import { publish } from "~/domain/events.server";
import { hashPassword, verifyPassword } from "~/domain/password.server";
import { assertCan, type Actor } from "./access.server";
import { endOtherSessions, normaliseEmail } from "./auth.server";
import { attemptAbandoned, attemptFailed, attemptSucceeded, beginAttempt } from "./sign-in-throttle.server";
import { Conflict, Forbidden, Invalid, NotFound } from "./errors";
import { syncStylistRecord } from "./stylists.server";

export type StaffUser = Omit<User, "passwordHash">;
const staffColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const EMAIL_TAKEN = "An account with this email already exists.";
const OWN_ROLE = "You cannot change your own admin role";
const USER_HAS_APPOINTMENTS =
  "This user has appointments in the calendar and cannot be deleted. Mark the account inactive instead, so their history is kept.";

export function listUsers(actor: Actor): Promise<StaffUser[]> {
  assertCan(actor, "users.manage");
  return db.select(staffColumns).from(users).orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export async function getUser(actor: Actor, id: number): Promise<StaffUser> {
  assertCan(actor, "users.manage");
  const [user] = await db.select(staffColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new NotFound("User not found.");
  return user;
}

async function assertEmailFree(executor: Executor, email: string, exceptId?: number) {
  const [taken] = await executor
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  if (taken) throw new Conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
}

export async function createUser(actor: Actor, input: z.output<typeof CreateUserSchema>): Promise<StaffUser> {
  assertCan(actor, "users.manage");
  const passwordHash = await hashPassword(input.password);
  const created = await writeTransaction(async (tx) => {
    const email = normaliseEmail(input.email);
    await assertEmailFree(tx, email);
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: input.role })
      .returning();
    await syncStylistRecord(tx, user!);
    await publish(tx, "users", user!.id);
    return user!;
  });
  const { passwordHash: _omit, ...staff } = created;
  return staff;
}

export async function updateUser(
  actor: Actor,
  id: number,
  input: z.output<typeof UpdateUserSchema>,
): Promise<StaffUser> {
  assertCan(actor, "users.manage");
  if (id === actor.id && input.role !== "admin") throw new Forbidden(OWN_ROLE);
  if (id === actor.id && !input.isActive) throw new Forbidden("You cannot deactivate your own account.");
  const updated = await writeTransaction(async (tx) => {
    const email = normaliseEmail(input.email);
    await assertEmailFree(tx, email, id);
    const [user] = await tx
      .update(users)
      .set({ ...input, email, updatedAt: new Date().toISOString() })
      .where(eq(users.id, id))
      .returning();
    if (!user) throw new NotFound("User not found.");
    await syncStylistRecord(tx, user);
    if (!user.isActive) await tx.delete(sessions).where(eq(sessions.userId, id));
    await publish(tx, "users", id);
    return user;
  });
  const { passwordHash: _omit, ...staff } = updated;
  return staff;
}

/** An admin sets another user's password; that user's sessions end. */
export async function setUserPassword(actor: Actor, id: number, password: string): Promise<void> {
  assertCan(actor, "users.manage");
  const passwordHash = await hashPassword(password);
  await writeTransaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!user) throw new NotFound("User not found.");
    if (id !== actor.id) await tx.delete(sessions).where(eq(sessions.userId, id));
  });
}

/** Anyone with an Account tab changes their own name and e-mail. */
export async function updateOwnProfile(actor: Actor, input: z.output<typeof OwnProfileSchema>): Promise<StaffUser> {
  assertCan(actor, "settings.account");
  const updated = await writeTransaction(async (tx) => {
    const email = normaliseEmail(input.email);
    await assertEmailFree(tx, email, actor.id);
    const [user] = await tx
      .update(users)
      .set({ ...input, email, updatedAt: new Date().toISOString() })
      .where(eq(users.id, actor.id))
      .returning();
    if (!user) throw new NotFound("User not found.");
    await syncStylistRecord(tx, user);
    await publish(tx, "users", user.id);
    return user;
  });
  const { passwordHash: _omit, ...staff } = updated;
  return staff;
}

const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";

/**
 * Staff change their own password, proving the current one (display screens' passwords
 * are set by an admin). Wrong current passwords count as failed sign-ins for the account,
 * and the user's other sessions end (the one holding `session.token` stays).
 */
export async function changeOwnPassword(
  actor: Actor,
  id: number,
  input: z.output<typeof ChangeOwnPasswordSchema>,
  session: { address: string; token: string | null },
): Promise<void> {
  assertCan(actor, "settings.account");
  if (id !== actor.id) throw new Forbidden("You can only change your own password.");
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new NotFound("User not found.");
  const client = { address: session.address };
  const attempt = await beginAttempt(user.email, client);
  const valid = await verifyPassword(input.currentPassword, user.passwordHash).catch(async (error: unknown) => {
    await attemptAbandoned(attempt);
    throw error;
  });
  if (!valid) {
    await attemptFailed(attempt);
    throw new Invalid(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
  await attemptSucceeded(attempt, client);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date().toISOString() })
    .where(eq(users.id, id));
  await endOtherSessions(id, session.token);
}

export async function deleteUser(actor: Actor, id: number): Promise<void> {
  assertCan(actor, "users.manage");
  if (id === actor.id) throw new Forbidden("You cannot delete your own account.");
  await writeTransaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new NotFound("User not found.");
    const [stylist] = await tx.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, id)).limit(1);
    if (stylist) {
      const [booked] = await tx.select({ n: count() }).from(appointments).where(eq(appointments.stylistId, stylist.id));
      if ((booked?.n ?? 0) > 0) throw new Conflict(USER_HAS_APPOINTMENTS);
      await tx.delete(stylists).where(eq(stylists.id, stylist.id));
    }
    await tx.delete(users).where(eq(users.id, id));
    await tx
      .insert(auditLog)
      .values({ actorUserId: actor.id, action: "user.delete", entityType: "user", entityId: id });
    await publish(tx, "users", id);
  });
}
