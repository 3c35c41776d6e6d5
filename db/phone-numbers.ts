// The clients' phone numbers in E.164 (`clients.phone_e164`), the column duplicates,
// search and inbound texts match on. Every write of a phone sets it (phoneColumns); a
// database written before the column existed, or a change of the salon's country,
// fills it in here (SQL cannot parse phone numbers, so a migration cannot).
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { DEFAULT_COUNTRY, toE164 } from "~/lib/phone";
import type { Executor } from "./client.server";
import { clients, salonSettings } from "./schema";

/** The stored phone and its E.164 form, for an insert or update of a client. */
export function phoneColumns(phone: string, country: string): { phone: string; phoneE164: string | null } {
  return { phone, phoneE164: toE164(phone, country) };
}

/** The salon's country (numbers written nationally are read there); GB before settings exist. */
export async function storedCountry(executor: Executor): Promise<string> {
  const [row] = await executor
    .select({ country: salonSettings.country })
    .from(salonSettings)
    .where(eq(salonSettings.id, 1))
    .limit(1);
  return row?.country || DEFAULT_COUNTRY;
}

const BATCH = 500;

/**
 * Sets phone_e164 from phone, read in `country`. `all: false` (at start-up) looks only at
 * rows with a phone and no E.164 form yet, so it is idempotent and cheap once done (a
 * number that is not a phone is parsed again at each start, and stays null); `all: true`
 * (the salon's country changed) re-reads every phone. Returns how many rows changed.
 */
export async function normaliseClientPhones(
  executor: Executor,
  country: string,
  { all = false } = {},
): Promise<number> {
  const pending = await executor
    .select({ id: clients.id, phone: clients.phone, phoneE164: clients.phoneE164 })
    .from(clients)
    .where(all ? undefined : and(isNull(clients.phoneE164), ne(clients.phone, "")));
  const changes = pending
    .map((row) => ({ id: row.id, phoneE164: toE164(row.phone, country) }))
    .filter((row, index) => row.phoneE164 !== pending[index]!.phoneE164);
  for (let start = 0; start < changes.length; start += BATCH) {
    const batch = changes.slice(start, start + BATCH);
    // One statement per batch: update ... set phone_e164 = case id when ... end where id in (...).
    const cases = sql.join(
      batch.map((row) => sql`when ${row.id} then ${row.phoneE164}`),
      sql` `,
    );
    await executor.run(
      sql`update ${clients} set ${sql.identifier(clients.phoneE164.name)} = case ${clients.id} ${cases} end where ${clients.id} in (${sql.join(
        batch.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
  }
  return changes.length;
}
