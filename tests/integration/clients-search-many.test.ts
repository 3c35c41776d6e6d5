// A search that many clients match (decision 0129): the booking dialog's ranked search reads
// its best matches rank by rank, and the Clients screen's pages walk the names testing each
// client, instead of reading every match. The answers must be the ones ranking every match
// gives: checked here against a plain reading of the rules over every client.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { listClients, RANKED_SEARCH_CAP, searchClients } from "~/domain/clients.server";
import { toActor } from "~/domain/auth.server";
import { createTestClient } from "../clients-factories";
import { signedIn } from "../factories";

type Actor = ReturnType<typeof toActor>;
let admin: Actor;
let display: Actor;

/** More than the Clients screen's own threshold (2,000) and the ranked search's. */
const MANY = 2_600;
const SURNAMES = ["Smith", "Jones", "Taylor", "Brown", "Patel"];

type Row = { id: number; name: string; email: string | null; phone: string; phoneE164: string | null };

/** Lower case without accents, as the index folds. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const digitsOf = (phone: string) => phone.replace(/[\s\-().+]/g, "");

/** The spec's search over every client: who matches, and the order (rank, then name, then id). */
function expected(rows: Row[], query: string, contact: boolean): Row[] {
  const text = query.trim().toLowerCase();
  const phoneLike = /^[\d\s()+\-.]+$/.test(text);
  const digits = phoneLike ? text.replace(/\D/g, "") : "";
  const matches = (row: Row) =>
    fold(row.name).includes(fold(text)) ||
    (contact &&
      ([row.email ?? "", row.phone].some((value) => fold(value).includes(fold(text))) ||
        (digits.length >= 3 && digitsOf(row.phone).includes(digits))));
  const rank = (row: Row) => {
    const name = row.name.toLowerCase();
    const email = (row.email ?? "").toLowerCase();
    if (
      name === text ||
      (contact && (email === text || row.phone === text || (digits && digitsOf(row.phone) === digits)))
    )
      return 0;
    if (name.startsWith(text)) return 1;
    if (name.includes(` ${text}`)) return 2;
    if (
      contact &&
      (email.startsWith(text) || row.phone.startsWith(text) || (digits && digitsOf(row.phone).startsWith(digits)))
    )
      return 3;
    return 4;
  };
  const byName = (a: Row, b: Row) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  return rows
    .filter(matches)
    .map((row) => ({ row, rank: rank(row) }))
    .sort((a, b) => a.rank - b.rank || byName(a.row, b.row))
    .map(({ row }) => row);
}

let everyone: Row[] = [];

beforeAll(async () => {
  admin = toActor((await signedIn("admin")).user);
  display = toActor((await signedIn("display")).user);
  // A client of each rank for "smith", and names the index folds ("many" finds "MÁNY").
  for (const [name, phone, email] of [
    ["Smith", "07400 611001", "plain.smith@example.org"],
    ["Smithers Anne", "07400 611002", null],
    ["Anne Smith-Jones", "07400 611003", "anne@example.org"],
    ["Quentin Zed", "07400 611004", "smithy@example.org"],
    ["Blacksmith Bo", "07400 611005", null],
    ["MÁNY Ångström", "07400 611006", null],
    ["Zoë Many", "07400 611007", null],
  ] as const)
    await createTestClient({ name, phone, email });
  await db.run(sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MANY})
    insert into clients (name, phone, phone_e164, email, consent_date, data_retention_date)
    select 'Many Person' || i || ' ' || (case i % 5 when 0 then 'Smith' when 1 then 'Jones' when 2 then 'Taylor' when 3 then 'Brown' else 'Patel' end),
           '07400 ' || (700000 + i), '+447400' || (700000 + i), 'many' || i || '@many.example',
           '2026-01-01T00:00:00.000Z', '2033-01-01T00:00:00.000Z'
    from n`);
  everyone = await db.all<Row>(sql`select id, name, email, phone, phone_e164 as phoneE164 from clients`);
  expect(SURNAMES).toHaveLength(5);
});

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe("a search many clients match", () => {
  // Each matched by more than the ranked search's threshold, and most by more than the screen's.
  const queries = ["07400", "many", "person", "smith", "example", "07400 7", "erson1", "Many Person1"];

  it.each(queries)("the booking search's best matches for %j are those of ranking every match", async (query) => {
    const all = expected(everyone, query, true);
    expect(all.length, "the query must match many clients").toBeGreaterThan(RANKED_SEARCH_CAP);
    for (const limit of [8, 20, 100])
      expect(ids(await searchClients(admin, query, limit))).toEqual(ids(all.slice(0, limit)));
  });

  it("ranks exact, name prefix, later word, e-mail prefix, then anywhere", async () => {
    const found = (await searchClients(admin, "smith", 5)).map((row) => row.name);
    expect(found).toEqual([
      "Smith",
      "Smithers Anne",
      "Anne Smith-Jones",
      expect.stringMatching(/^Many Person\d+ Smith$/),
      expect.stringMatching(/^Many Person\d+ Smith$/),
    ]);
    const anywhere = expected(everyone, "smith", true).find((row) => row.name === "Blacksmith Bo");
    expect(anywhere).toBeDefined();
  });

  it("finds what only the index folds (accents) among many matches", async () => {
    const found = ids(await searchClients(admin, "many", 100));
    const mány = everyone.find((row) => row.name === "MÁNY Ångström")!;
    expect(expected(everyone, "many", true).map((row) => row.id)).toContain(mány.id);
    expect(found).toEqual(ids(expected(everyone, "many", true).slice(0, 100)));
    const listed = await walk(admin, "many");
    expect(listed).toContain(mány.id);
  });

  it("searches names only for a display account", async () => {
    const all = expected(everyone, "many", false);
    expect(ids(await searchClients(display, "many", 20))).toEqual(ids(all.slice(0, 20)));
    expect(await searchClients(display, "07400", 8)).toEqual([]);
  });

  /** Every page of the Clients screen's list for a query, walked by its cursor. */
  async function walk(actor: Actor, query: string): Promise<number[]> {
    const seen: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 200; pages += 1) {
      const page: Awaited<ReturnType<typeof listClients>> = await listClients(actor, { query, limit: 50, after });
      seen.push(...ids(page.clients));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    return seen;
  }

  it.each(["07400", "many", "person", "example", "smith"])(
    "the Clients screen's pages for %j list every match in name order",
    async (query) => {
      const byName = expected(everyone, query, true).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id,
      );
      const first = await listClients(admin, { query, limit: 50 });
      expect(ids(first.clients)).toEqual(ids(byName.slice(0, 50)));
      expect(await walk(admin, query)).toEqual(ids(byName));
    },
  );
});
