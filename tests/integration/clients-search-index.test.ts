// Client search through the trigram index (decision 0123): phone fragments however the
// number was written, accents and case in any alphabet, e-mail fragments, queries shorter
// than the index answers, and the index kept in step with every write, erasure included.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clients } from "#db/schema";
import { eq, sql } from "drizzle-orm";
import { listClients, searchClients, searchIndexQuery } from "~/domain/clients.server";
import { toActor } from "~/domain/auth.server";
import { createTestClient } from "../clients-factories";
import { signedIn } from "../factories";

type Actor = ReturnType<typeof toActor>;
let admin: Actor;
let display: Actor;
const ids = {} as Record<"zoe" | "emile" | "siobhan" | "bracket", number>;

const names = async (actor: Actor, query: string) => (await searchClients(actor, query, 20)).map((row) => row.name);
const listed = async (actor: Actor, query: string) =>
  (await listClients(actor, { query, limit: 50 })).clients.map((row) => row.name);

/** The client ids the index itself answers for a query (what the search reads). */
async function indexed(query: string): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`select rowid as id from clients_search where clients_search match ${searchIndexQuery({ text: query, digits: "", contact: true })} order by rowid`,
  );
  return rows.map((row) => Number(row.id));
}

beforeAll(async () => {
  admin = toActor((await signedIn("admin")).user);
  display = toActor((await signedIn("display")).user);
  ids.zoe = (
    await createTestClient({ name: "Zoë Ångström", phone: "07400 431987", email: "zoe.angstrom@example.net" })
  ).id;
  ids.emile = (await createTestClient({ name: "ÉMILE Durand", phone: "+44 7400 432555", email: null })).id;
  ids.siobhan = (
    await createTestClient({ name: "Siobhán Ní Bhriain", phone: "07400-433-222", email: "siobhan@salon-friends.org" })
  ).id;
  ids.bracket = (
    await createTestClient({ name: "Bracket Person", phone: "(07400) 434.111", email: "odd%name_@example.com" })
  ).id;
});

describe("client search through the index", () => {
  it("finds a phone by a fragment of its digits, however the number was written", async () => {
    expect(await names(admin, "431987")).toEqual(["Zoë Ångström"]);
    expect(await names(admin, "07400 431")).toEqual(["Zoë Ångström"]);
    expect(await names(admin, "7400432555")).toEqual(["ÉMILE Durand"]);
    expect(await names(admin, "433 222")).toEqual(["Siobhán Ní Bhriain"]);
    expect(await names(admin, "07400434111")).toEqual(["Bracket Person"]);
    expect(await listed(admin, "434.111")).toEqual(["Bracket Person"]);
  });

  it("ignores case and accents in any alphabet, both ways", async () => {
    expect(await names(admin, "zoe")).toEqual(["Zoë Ångström"]);
    expect(await names(admin, "ZOË ÅNG")).toEqual(["Zoë Ångström"]);
    expect(await names(admin, "angstrom")).toContain("Zoë Ångström");
    expect(await names(admin, "émile")).toEqual(["ÉMILE Durand"]);
    expect(await names(admin, "emile dur")).toEqual(["ÉMILE Durand"]);
    expect(await listed(admin, "siobhan")).toEqual(["Siobhán Ní Bhriain"]);
  });

  it("finds an e-mail by a fragment, with % and _ as ordinary characters", async () => {
    expect(await names(admin, "salon-friends")).toEqual(["Siobhán Ní Bhriain"]);
    expect(await names(admin, "example.net")).toEqual(["Zoë Ångström"]);
    expect(await names(admin, "odd%name_")).toEqual(["Bracket Person"]);
    expect(await names(admin, 'odd"name')).toEqual([]);
  });

  it("answers one- and two-character queries without the index, as before", async () => {
    expect(await names(admin, "zo")).toContain("Zoë Ångström");
    expect((await listClients(admin, { query: "du", limit: 200 })).clients.map((row) => row.name)).toContain(
      "ÉMILE Durand",
    );
  });

  it("searches names only for a display account: a phone or e-mail fragment finds nobody", async () => {
    expect(await names(display, "431987")).toEqual([]);
    expect(await names(display, "salon-friends")).toEqual([]);
    expect(await names(display, "zoe")).toEqual(["Zoë Ångström"]);
  });

  it("keeps the index in step with edits and deletions", async () => {
    await db
      .update(clients)
      .set({ name: "Renamed Rowena", email: "rowena@example.net" })
      .where(eq(clients.id, ids.zoe));
    expect(await names(admin, "zoe")).toEqual([]);
    expect(await names(admin, "rowena")).toEqual(["Renamed Rowena"]);
    expect(await names(admin, "431987")).toEqual(["Renamed Rowena"]);
    await db.update(clients).set({ phone: "07400 439000" }).where(eq(clients.id, ids.zoe));
    expect(await names(admin, "431987")).toEqual([]);
    expect(await names(admin, "439000")).toEqual(["Renamed Rowena"]);

    await db.delete(clients).where(eq(clients.id, ids.bracket));
    expect(await indexed("bracket")).toEqual([]);
    expect(await names(admin, "434111")).toEqual([]);
  });

  it("holds no text of a client, only trigrams, and a deleted client leaves none behind", async () => {
    const content = await db.all<{ name: string }>(
      sql`select name from sqlite_master where name like 'clients_search%'`,
    );
    expect(content.map((row) => row.name)).not.toContain("clients_search_content");
    const { id } = await createTestClient({
      name: "Erasable Ermintrude",
      phone: "07400 435678",
      email: "ermintrude@example.org",
    });
    // "rmi" and "ntr" occur in no other name, e-mail or phone here.
    await db.run(
      sql`create virtual table if not exists temp.clients_search_terms using fts5vocab(main, clients_search, 'row')`,
    );
    const rareTerms = () =>
      db.all<{ term: string }>(
        sql`select term from temp.clients_search_terms where term in ('rmi', 'ntr') order by term`,
      );
    expect(await indexed("ermintrude")).toEqual([id]);
    expect(await rareTerms()).toEqual([{ term: "ntr" }, { term: "rmi" }]);
    await db.delete(clients).where(eq(clients.id, id));
    expect(await indexed("ermintrude")).toEqual([]);
    // The index no longer lists them (that their bytes leave the pages, secure-delete, is not read here).
    expect(await rareTerms()).toEqual([]);
  });
});
