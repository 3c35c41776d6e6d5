// A client's patch tests (decision 0126): skin tests before colour services, recorded by the
// signed-in user and never edited or deleted (database triggers); they go only with the
// client (deletion, erasure), follow a merge to the kept client and are part of the
// subject-access export. The booking rule that reads them is in the one rule chain
// (appointment-rules.server.ts); the calendar's marker reads `findingsFor`.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { clients, patchTests, services } from "#db/schema";
import { patchTestFinding, type PatchTestRecord } from "~/lib/patch-tests";
import type { PatchTestFinding } from "#db/enums";
import type { PatchTestInput } from "~/lib/schemas/patch-tests";
import { assertCan, type Actor } from "./access.server";
import { CLIENT_NOT_FOUND } from "./clients.server";
import { Invalid, NotFound } from "./errors";
import { publish } from "./events.server";
import { displayName } from "./stylists.server";

export type PatchTest = {
  id: number;
  clientId: number;
  testedAt: string;
  result: "pass" | "fail";
  product: string | null;
  notes: string | null;
  recordedBy: { id: number | null; name: string };
  recordedAt: string;
};

function view(row: typeof patchTests.$inferSelect): PatchTest {
  return {
    id: row.id,
    clientId: row.clientId,
    testedAt: row.testedAt,
    result: row.result,
    product: row.product,
    notes: row.notes,
    recordedBy: { id: row.recordedByUserId, name: row.recordedByName },
    recordedAt: row.recordedAt,
  };
}

async function assertClientExists(executor: Executor, clientId: number) {
  const [client] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) throw new NotFound(CLIENT_NOT_FOUND);
}

/** A client's tests, newest first (whoever may read the client's profile). */
export async function listPatchTests(actor: Actor, clientId: number): Promise<PatchTest[]> {
  assertCan(actor, "clients.profile");
  await assertClientExists(db, clientId);
  const rows = await db
    .select()
    .from(patchTests)
    .where(eq(patchTests.clientId, clientId))
    .orderBy(desc(patchTests.testedAt), desc(patchTests.id));
  return rows.map(view);
}

export const TESTED_IN_FUTURE = "A patch test cannot be recorded before it is done: check the date and time.";
/** A few minutes of slack between the tablet's clock and the server's. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** Records a test done (`testedAt`, not after now) by the signed-in user. */
export async function recordPatchTest(
  actor: Actor,
  clientId: number,
  input: PatchTestInput,
  now = new Date(),
): Promise<PatchTest> {
  assertCan(actor, "patchTests.record");
  const testedAt = new Date(input.testedAt);
  if (testedAt.getTime() > now.getTime() + CLOCK_SLACK_MS)
    throw new Invalid(TESTED_IN_FUTURE, { testedAt: [TESTED_IN_FUTURE] });
  return writeTransaction(async (tx) => {
    await assertClientExists(tx, clientId);
    const [row] = await tx
      .insert(patchTests)
      .values({
        clientId,
        testedAt: testedAt.toISOString(),
        result: input.result,
        product: input.product || null,
        notes: input.notes || null,
        recordedByUserId: actor.id,
        recordedByName: displayName(actor),
        recordedAt: now.toISOString(),
      })
      .returning();
    // The calendar's markers of the client's bookings change with it.
    await publish(tx, "clients", clientId);
    return view(row!);
  });
}

/** The tests the rule chain reads, in the write's transaction. */
export function patchTestRecords(executor: Executor, clientId: number): Promise<PatchTestRecord[]> {
  return executor
    .select({ testedAt: patchTests.testedAt, result: patchTests.result })
    .from(patchTests)
    .where(eq(patchTests.clientId, clientId))
    .orderBy(asc(patchTests.testedAt));
}

/**
 * The calendar's marker: for each appointment (client, service, start) the finding, or none.
 * One query for the services and one for the clients' tests, however many blocks.
 */
export async function findingsFor(
  executor: Executor,
  items: readonly { id: number; clientId: number | null; serviceId: number | null; startTime: string }[],
): Promise<Map<number, PatchTestFinding>> {
  const found = new Map<number, PatchTestFinding>();
  const serviceIds = [...new Set(items.flatMap((item) => (item.serviceId ? [item.serviceId] : [])))];
  if (serviceIds.length === 0) return found;
  const terms = await executor
    .select({
      id: services.id,
      requiresPatchTest: services.requiresPatchTest,
      patchTestValidDays: services.patchTestValidDays,
      patchTestLeadHours: services.patchTestLeadHours,
    })
    .from(services)
    .where(and(inArray(services.id, serviceIds), eq(services.requiresPatchTest, true)));
  if (terms.length === 0) return found;
  const byService = new Map(terms.map((term) => [term.id, term]));
  const relevant = items.filter((item) => item.clientId !== null && item.serviceId && byService.has(item.serviceId));
  const clientIds = [...new Set(relevant.map((item) => item.clientId!))];
  const tests = clientIds.length
    ? await executor
        .select({ clientId: patchTests.clientId, testedAt: patchTests.testedAt, result: patchTests.result })
        .from(patchTests)
        .where(inArray(patchTests.clientId, clientIds))
    : [];
  const byClient = new Map<number, PatchTestRecord[]>();
  for (const test of tests) byClient.set(test.clientId, [...(byClient.get(test.clientId) ?? []), test]);
  for (const item of relevant) {
    const finding = patchTestFinding(
      byClient.get(item.clientId!) ?? [],
      byService.get(item.serviceId!)!,
      item.startTime,
    );
    if (finding) found.set(item.id, finding);
  }
  return found;
}

/** A merge, before the duplicate is deleted: its tests become the kept client's. */
export async function relinkPatchTests(tx: Executor, fromClientId: number, toClientId: number): Promise<void> {
  await tx.update(patchTests).set({ clientId: toClientId }).where(eq(patchTests.clientId, fromClientId));
}

/** The client's deletion or erasure, after the client row is deleted (the trigger allows it only then). */
export async function deletePatchTestsOf(tx: Executor, clientId: number): Promise<number> {
  const deleted = await tx.delete(patchTests).where(eq(patchTests.clientId, clientId)).returning({ id: patchTests.id });
  return deleted.length;
}

/** The subject-access export's list. */
export async function exportPatchTests(executor: Executor, clientId: number) {
  const rows = await executor
    .select()
    .from(patchTests)
    .where(eq(patchTests.clientId, clientId))
    .orderBy(asc(patchTests.testedAt), asc(patchTests.id));
  return rows.map(({ testedAt, result, product, notes, recordedByName, recordedAt }) => ({
    testedAt,
    result,
    product,
    notes,
    recordedBy: recordedByName,
    recordedAt,
  }));
}
