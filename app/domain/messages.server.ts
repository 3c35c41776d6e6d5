// Team chat (SPEC §2 Team Messages, §3 Message, §7). Every signed-in user reads and
// sends. A message may be deleted by its sender or by an administrator (decision 0045):
// the sender can take back a slip, the owner can moderate, nobody else can erase
// another person's words. Messages are read a page at a time, newest page first, so a
// salon with years of chat stays fast.
import { and, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { messages, users, type Role } from "#db/schema";
import { MAX_MESSAGE_PAGE, MESSAGE_PAGE_SIZE, MessageSchema, type MessageInput } from "~/lib/schemas/messages";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { Forbidden, NotFound } from "./errors";
import { can } from "./permissions";
import { parseOrInvalid } from "./validate";

export type Message = {
  id: number;
  content: string;
  createdAt: string;
  senderId: number | null;
  /** null when the sender's account has been deleted. */
  sender: { name: string; role: Role } | null;
};
type MessagePage = { messages: Message[]; hasOlder: boolean };

const MESSAGE_NOT_FOUND = "This message no longer exists.";
const MESSAGE_DELETE_REFUSED = "Only the sender or an administrator can delete a message.";

const columns = {
  id: messages.id,
  content: messages.content,
  createdAt: messages.createdAt,
  senderId: messages.senderUserId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
};

type Row = {
  id: number;
  content: string;
  createdAt: string;
  senderId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: Role | null;
};

function toMessage(row: Row): Message {
  const name = `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || row.email || "";
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt,
    senderId: row.senderId,
    sender: row.role ? { name, role: row.role } : null,
  };
}

/** Who may delete a message: its sender, or whoever may delete anyone's. */
export function canDeleteMessage(actor: Pick<Actor, "id" | "role">, message: Pick<Message, "senderId">): boolean {
  return can(actor.role, "messages.deleteAny") || (message.senderId !== null && message.senderId === actor.id);
}

/**
 * The `limit` newest messages older than the message `before` (or the newest of all),
 * oldest first so the chat reads top to bottom. Ids grow with time, so the id is the cursor.
 */
export async function listMessages(
  actor: Actor,
  { before, limit = MESSAGE_PAGE_SIZE }: { before?: number | null; limit?: number } = {},
): Promise<MessagePage> {
  assertCan(actor, "messages.use");
  const size = Math.min(Math.max(Math.trunc(limit) || MESSAGE_PAGE_SIZE, 1), MAX_MESSAGE_PAGE);
  const rows = await db
    .select(columns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(before ? lt(messages.id, before) : undefined)
    .orderBy(desc(messages.id))
    .limit(size + 1);
  const hasOlder = rows.length > size;
  return { messages: rows.slice(0, size).reverse().map(toMessage), hasOlder };
}

export async function sendMessage(actor: Actor, input: MessageInput): Promise<Message> {
  assertCan(actor, "messages.use");
  const { content } = parseOrInvalid(MessageSchema, input);
  return writeTransaction(async (tx) => {
    const [created] = await tx.insert(messages).values({ content, senderUserId: actor.id }).returning();
    await publish(tx, "messages", created!.id);
    const { firstName, lastName, email, role } = actor;
    return toMessage({
      id: created!.id,
      content: created!.content,
      createdAt: created!.createdAt,
      senderId: actor.id,
      firstName,
      lastName,
      email,
      role,
    });
  });
}

export async function deleteMessage(actor: Actor, id: number): Promise<void> {
  assertCan(actor, "messages.use");
  await writeTransaction(async (tx) => {
    const [message] = await tx
      .select({ senderId: messages.senderUserId })
      .from(messages)
      .where(eq(messages.id, id))
      .limit(1);
    if (!message) throw new NotFound(MESSAGE_NOT_FOUND);
    if (!canDeleteMessage(actor, message)) throw new Forbidden(MESSAGE_DELETE_REFUSED);
    await tx.delete(messages).where(eq(messages.id, id));
    await publish(tx, "messages", id);
  });
}

/** Messages from others after `seenId`: the Messages menu entry's unread count (capped at 99). */
export async function unreadMessageCount(actor: Actor, seenId: number): Promise<number> {
  if (!can(actor.role, "messages.use")) return 0;
  const conditions: SQL[] = [gt(messages.id, seenId), sql`coalesce(${messages.senderUserId}, 0) <> ${actor.id}`];
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(sql`(select 1 from ${messages} where ${and(...conditions)} limit 100)`);
  return Number(row?.count ?? 0);
}

/** The newest message id: what "seen everything" means for the unread count. */
export async function latestMessageId(): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${messages.id})` }).from(messages);
  return Number(row?.id ?? 0);
}
