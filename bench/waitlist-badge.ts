// The menu's waitlist badge on the large salon (decisions 0140, 0145): what it cost per request
// before (each waiting entry's slots computed on its own, on every page of every tablet),
// what it costs now when the data has changed (each service's slots computed once for all
// its entries, a block's reads once for all services), and what every other request pays
// (the shared value). Figures are ratios to the unshared computation in the same run; never
// fails on a budget.
//
//   cp /tmp/large.db /tmp/badge.db
//   DATABASE_URL=file:/tmp/badge.db npx tsx bench/waitlist-badge.ts [--entries=50] [--repeat=5]
// It adds waiting entries to the database it is given (a copy of a large salon's), and
// removes them at the end.
import { inArray, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users, waitlistEntries } from "#db/schema";
import type { Actor } from "../app/domain/access.server";
import { readSettingsWithSecret } from "../app/domain/settings.server";
import { entryMatches, waitlistBadge } from "../app/domain/waitlist.server";
import { addDays, todayInZone } from "../app/lib/salon-time";
import { median } from "./large-salon";
import { positiveIntOption } from "./options";

if (!process.env.DATABASE_URL?.startsWith("file:")) {
  console.error("Give a copy of a large salon's database: DATABASE_URL=file:/tmp/badge.db");
  process.exit(1);
}
const entries = positiveIntOption("entries", 50);
const repeat = positiveIntOption("repeat", 5);
const PERIOD_MS = 5 * 60_000;

const settings = await readSettingsWithSecret({ fresh: true });
const today = todayInZone(settings.timeZone, new Date());
const clientIds = (await db.all<{ id: number }>(sql`select id from clients order by id limit ${entries}`)).map(
  (row) => row.id,
);
const serviceIds = (await db.all<{ id: number }>(sql`select id from services where is_active = 1 order by id`)).map(
  (row) => row.id,
);
const added = await db
  .insert(waitlistEntries)
  .values(
    clientIds.map((clientId, index) => ({
      clientId,
      serviceId: serviceIds[index % serviceIds.length]!,
      stylistId: null,
      fromDate: addDays(today, 1),
      toDate: addDays(today, 62),
      times: (["morning", "afternoon", "evening"] as const)[index % 3],
    })),
  )
  .returning({ id: waitlistEntries.id });
const [admin] = await db
  .select()
  .from(users)
  .where(sql`role = 'admin'`)
  .limit(1);
const actor: Actor = admin!;
const waiting = await db
  .select()
  .from(waitlistEntries)
  .where(
    inArray(
      waitlistEntries.id,
      added.map((row) => row.id),
    ),
  );

const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
try {
  const unshared: number[] = [];
  const changed: number[] = [];
  const shared: number[] = [];
  for (let round = 1; round <= repeat; round++) {
    // Each round a new five-minute period: the value is computed again, as after a change.
    const now = new Date(Date.now() + round * PERIOD_MS);
    unshared.push(
      await timed(async () => {
        for (const entry of waiting) await entryMatches(db, entry, settings, now, 1);
      }),
    );
    changed.push(await timed(() => waitlistBadge(actor, now)));
    shared.push(await timed(() => waitlistBadge(actor, now)));
  }
  const base = median(unshared);
  console.log(`${waiting.length} waiting entries over ${serviceIds.length} services, medians of ${repeat}:`);
  const line = (label: string, ms: string, ratio: string) => console.log(`  ${label.padEnd(72)} ${ms} ms = ${ratio}`);
  line("each entry on its own (before, on every request):", base.toFixed(0), "1.00");
  const afterChange = median(changed);
  line(
    "after a change (each service's slots once, a block's reads shared):",
    afterChange.toFixed(0),
    (afterChange / base).toFixed(2),
  );
  const other = median(shared);
  line("any other request (the shared value):", other.toFixed(1), (other / base).toFixed(4));
} finally {
  await db.delete(waitlistEntries).where(
    inArray(
      waitlistEntries.id,
      added.map((row) => row.id),
    ),
  );
}
process.exit(0);
