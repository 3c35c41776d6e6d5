// Settings → Backups from every role: the tab, "Back up now" and "Download" are an
// administrator's; a stylist and a display account are refused (403), and what an
// administrator does there is audited.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { auditLog, backupRuns } from "#db/schema";
import { backupNow } from "~/domain/backups.server";
import * as backupsTab from "~/routes/_app.settings.backups";
import * as download from "~/routes/settings.backups.$id.download";
import * as settingsLayout from "~/routes/_app.settings";
import { call, makeRequest, signedIn, statusOf } from "../factories";
import { ADMIN, describePermissionMatrix, type MatrixRow } from "../permission-matrix";

process.env.BACKUP_DIR = mkdtempSync(join(tmpdir(), "salon-backups-tab-"));

type Target = { id: number };
const aBackup = async (): Promise<Target> => {
  const admin = await signedIn("admin");
  return { id: (await backupNow(admin.user)).id };
};

const ROWS: MatrixRow<Target>[] = [
  {
    name: "GET /settings/backups",
    kind: "page",
    handler: backupsTab.loader,
    method: "GET",
    path: () => "/settings/backups",
    allowed: ADMIN,
  },
  {
    name: "POST /settings/backups (Back up now)",
    kind: "page",
    handler: backupsTab.action,
    method: "POST",
    path: () => "/settings/backups",
    body: () => ({}),
    allowed: ADMIN,
  },
  {
    name: "GET /settings/backups/:id/download",
    kind: "page",
    handler: download.loader,
    method: "GET",
    setup: aBackup,
    path: (_, t) => `/settings/backups/${t.id}/download`,
    params: (_, t) => ({ id: String(t.id) }),
    allowed: ADMIN,
  },
];

describePermissionMatrix("permission matrix: backups", ROWS);

describe("Settings → Backups", () => {
  it("Back up now records the backup and audits it; Download sends the file and audits it", async () => {
    const admin = await signedIn("admin");
    const before = (await db.select().from(backupRuns)).length;
    const answer = await call(
      backupsTab.action,
      makeRequest("POST", "/settings/backups", { cookie: admin.cookie, body: {} }),
    );
    expect(statusOf(answer)).toBe(302);
    const runs = await db.select().from(backupRuns);
    expect(runs).toHaveLength(before + 1);
    const run = runs.at(-1)!;
    expect(run).toMatchObject({ kind: "manual", status: "ok", userId: admin.user.id });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "backup.create"), eq(auditLog.entityId, run.id))),
    ).toHaveLength(1);

    const file = (await call(
      download.loader,
      makeRequest("GET", `/settings/backups/${run.id}/download`, { cookie: admin.cookie }),
      {
        id: String(run.id),
      },
    )) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain(run.file!);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 15).toString()).toBe("SQLite format 3");
    expect(bytes.length).toBe(run.sizeBytes);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "backup.download"), eq(auditLog.entityId, run.id))),
    ).toHaveLength(1);
  });

  it("shows an administrator a failed scheduled backup on the Settings screen", async () => {
    const admin = await signedIn("admin");
    const stylist = await signedIn("stylist");
    await db.insert(backupRuns).values({
      kind: "scheduled",
      slot: "2030-01-01",
      startedAt: "2030-01-01T02:00:00.000Z",
      status: "failed",
      error: "No space left on device",
      takenBy: "test",
    });
    const forAdmin = await call(settingsLayout.loader, makeRequest("GET", "/settings", { cookie: admin.cookie }));
    expect(forAdmin).toMatchObject({ backupFailing: true });
    const forStylist = await call(settingsLayout.loader, makeRequest("GET", "/settings", { cookie: stylist.cookie }));
    expect(forStylist).toMatchObject({ backupFailing: false });
    const tab = await call(backupsTab.loader, makeRequest("GET", "/settings/backups", { cookie: admin.cookie }));
    expect(tab).toMatchObject({ failing: { error: "No space left on device" } });
  });
});
