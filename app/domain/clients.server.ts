// Interim client functions used by booking until the clients work lands (issue 4 replaces this module).
import { asc, like, or } from "drizzle-orm";
import { db, type Executor } from "#db/client.server";
import { clients } from "#db/schema";
import { publish } from "~/utils/events.server";
import { assertCan, type Actor } from "./access.server";

export type ClientSummary = { id: number; name: string; phone: string; email: string | null };
const summary = { id: clients.id, name: clients.name, phone: clients.phone, email: clients.email };

export async function searchClients(actor: Actor, query: string, limit = 10): Promise<ClientSummary[]> {
  assertCan(actor, "clients.view");
  const pattern = `%${query.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return db.select(summary).from(clients).where(or(like(clients.name, pattern), like(clients.phone, pattern), like(clients.email, pattern))).orderBy(asc(clients.name)).limit(limit);
}

export async function createClientRecord(
  executor: Executor,
  actor: Actor,
  input: { name: string; phone: string; email?: string | null; notes?: string | null; consentType?: "service" | "marketing" | "both" },
): Promise<ClientSummary> {
  assertCan(actor, "clients.write");
  const now = new Date();
  const retention = new Date(now);
  retention.setUTCFullYear(retention.getUTCFullYear() + 7);
  const [row] = await executor
    .insert(clients)
    .values({
      name: input.name.trim(),
      phone: input.phone.trim(),
      email: input.email?.trim() || null,
      notes: input.notes?.trim() || null,
      consentType: input.consentType ?? "service",
      consentDate: now.toISOString(),
      dataRetentionDate: retention.toISOString(),
    })
    .returning(summary);
  await publish(executor, "clients", row!.id);
  return row!;
}
