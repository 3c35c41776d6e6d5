// Erasure while another reader (a backup, a long report) holds an older snapshot: the
// answer says the purge is pending, the purge finishes once the reader is gone, and the
// audit log records when. The database files are readable by their owner only.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createClient } from "@libsql/client";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import { auditLog, messages } from "#db/schema";
import * as erasure from "~/routes/api.gdpr.erasure.$id";
import { createTestClient } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";
import { until } from "../server-process";

const databasePath = () => process.env.DATABASE_URL!.slice("file:".length);

function occurrences(text: string): number {
  let found = 0;
  for (const file of [databasePath(), `${databasePath()}-wal`]) {
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    for (let at = bytes.indexOf(text, 0, "utf8"); at !== -1; at = bytes.indexOf(text, at + 1, "utf8")) found += 1;
  }
  return found;
}

describe("erasure with a reader holding a snapshot", () => {
  it("says the purge is pending, then purges the WAL once the reader ends, and audits it", async () => {
    const admin = await signedIn("admin");
    const person = { name: "Ottoline Readerheld", phone: "07400 944417", email: "ottoline.r@pending.example" };
    const client = await createTestClient(person);
    await rawClient().execute("PRAGMA wal_checkpoint(TRUNCATE)");
    // A later edit puts the person's row in the WAL.
    await db
      .insert(messages)
      .values({ senderUserId: admin.user.id, content: `Call ${person.name} back on ${person.phone}` });

    // A second connection, as a backup would have, reading inside an open transaction.
    const reader = createClient({ url: process.env.DATABASE_URL! });
    await reader.execute("PRAGMA busy_timeout = 100");
    const snapshot = await reader.transaction("read");
    await snapshot.execute("SELECT count(*) FROM clients");
    try {
      const response = await json(
        await call(erasure.action, makeRequest("DELETE", `/api/gdpr/erasure/${client.id}`, { token: admin.token }), {
          id: String(client.id),
        }),
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        message: "Client data erased",
        walEmptied: false,
        purge: "pending",
        notice: expect.stringContaining("purged automatically as soon as that finishes"),
      });
      expect(occurrences(person.name)).toBeGreaterThan(0); // the old page images are still in the WAL
    } finally {
      await snapshot.rollback();
      snapshot.close();
      reader.close();
    }

    const purged = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "client.erase_purged"), eq(auditLog.entityId, client.id)));
    await until(async () => (await purged()).length === 1, "the background purge", { timeoutMs: 60_000 });
    expect((await purged())[0]).toMatchObject({ actorUserId: admin.user.id, entityType: "client" });
    // 20 more writes afterwards: nothing brings the data back.
    for (let i = 0; i < 20; i++)
      await db.insert(messages).values({ senderUserId: admin.user.id, content: `note ${i}` });
    for (const value of Object.values(person))
      expect(occurrences(value), `${value} is still in the database files`).toBe(0);
  }, 120_000);

  it("creates the database file readable by its owner only", () => {
    expect(statSync(databasePath()).mode & 0o777).toBe(0o600);
    expect(statSync(`${databasePath()}-wal`).mode & 0o077).toBe(0);
  });
});
