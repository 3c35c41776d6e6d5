// The data revision's triggers (decision 0089, migration 0013) as the migrated database has
// them: every table the calendar shows raises the revision on insert, update and delete.
// drizzle-kit drops a table's triggers when a migration rebuilds the table, and nothing
// else would notice: the calendar would keep showing what it read before the change.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";

/** The tables whose rows the calendar shows (decision 0089). A new one needs the three triggers too. */
const COVERED_TABLES = [
  "appointments",
  "clients",
  "services",
  "stylists",
  "stylist_availability",
  "time_off",
  "salon_settings",
  "waitlist_entries",
  "waitlist_offers",
  "patch_tests",
];
const EVENTS = ["INSERT", "UPDATE", "DELETE"] as const;

type Trigger = { name: string; table: string; event: string };

/** Triggers that write to `data_revision`, with the table and the event that fire them. */
async function revisionTriggers(): Promise<Trigger[]> {
  const rows = await db.all<{ name: string; tbl_name: string; sql: string }>(
    sql`select name, tbl_name, sql from sqlite_master where type = 'trigger'`,
  );
  return rows
    .filter((row) => /\bupdate\s+[`"[]?data_revision\b/i.test(row.sql))
    .map((row) => {
      const event = /\b(?:after|before|instead\s+of)\s+(insert|update|delete)\b/i.exec(row.sql)?.[1]?.toUpperCase();
      if (!event) throw new Error(`Cannot read the event of trigger ${row.name}: ${row.sql}`);
      return { name: row.name, table: row.tbl_name, event };
    });
}

async function revision(): Promise<number> {
  const [row] = await db.all<{ value: number }>(sql`select value from data_revision where id = 1`);
  if (!row) throw new Error("data_revision has no row");
  return Number(row.value);
}

/** Whether `write` raised the data revision. */
async function raises(write: () => Promise<unknown>): Promise<boolean> {
  const before = await revision();
  await write();
  return (await revision()) > before;
}

describe("the data revision's triggers", () => {
  it("every covered table, and every table with one of them, has its insert, update and delete trigger", async () => {
    const triggers = await revisionTriggers();
    const tables = [...new Set([...COVERED_TABLES, ...triggers.map((trigger) => trigger.table)])].sort();
    const missing = tables.flatMap((table) =>
      EVENTS.filter((event) => !triggers.some((trigger) => trigger.table === table && trigger.event === event)).map(
        (event) => `${table} (${event.toLowerCase()})`,
      ),
    );
    expect(missing, `tables without their data_revision trigger: ${missing.join(", ")}`).toEqual([]);
  });

  describe("a write to each covered table raises the revision", () => {
    let stylistId = 0;
    beforeAll(async () => {
      const [row] = await db.all<{ id: number }>(
        sql`insert into stylists (name) values ('Revision Stylist') returning id`,
      );
      stylistId = row!.id;
    });

    // One row written, changed and removed per table, as raw SQL: any writer counts.
    const writes: Record<
      string,
      { insert: () => Promise<number>; update: (id: number) => unknown; remove: (id: number) => unknown }
    > = {
      appointments: {
        insert: async () =>
          (
            await db.all<{ id: number }>(
              sql`insert into appointments (stylist_id, start_time, end_time) values (${stylistId}, '2031-05-14T09:00:00.000Z', '2031-05-14T09:30:00.000Z') returning id`,
            )
          )[0]!.id,
        update: (id) => db.run(sql`update appointments set notes = 'Moved' where id = ${id}`),
        remove: (id) => db.run(sql`delete from appointments where id = ${id}`),
      },
      clients: {
        insert: async () =>
          (await db.all<{ id: number }>(sql`insert into clients (name) values ('Revision Client') returning id`))[0]!
            .id,
        update: (id) => db.run(sql`update clients set notes = 'Renamed' where id = ${id}`),
        remove: (id) => db.run(sql`delete from clients where id = ${id}`),
      },
      services: {
        insert: async () =>
          (
            await db.all<{ id: number }>(
              sql`insert into services (name, category) values ('Revision Cut', 'Cuts') returning id`,
            )
          )[0]!.id,
        update: (id) => db.run(sql`update services set price = 4200 where id = ${id}`),
        remove: (id) => db.run(sql`delete from services where id = ${id}`),
      },
      stylists: {
        insert: async () =>
          (await db.all<{ id: number }>(sql`insert into stylists (name) values ('Another Stylist') returning id`))[0]!
            .id,
        update: (id) => db.run(sql`update stylists set name = 'Renamed Stylist' where id = ${id}`),
        remove: (id) => db.run(sql`delete from stylists where id = ${id}`),
      },
      stylist_availability: {
        insert: async () =>
          (
            await db.all<{ id: number }>(
              sql`insert into stylist_availability (stylist_id, day_of_week) values (${stylistId}, 3) returning id`,
            )
          )[0]!.id,
        update: (id) => db.run(sql`update stylist_availability set start_time = '10:00' where id = ${id}`),
        remove: (id) => db.run(sql`delete from stylist_availability where id = ${id}`),
      },
      time_off: {
        insert: async () =>
          (
            await db.all<{ id: number }>(
              sql`insert into time_off (stylist_id, start_date, end_date) values (${stylistId}, '2031-06-01', '2031-06-02') returning id`,
            )
          )[0]!.id,
        update: (id) => db.run(sql`update time_off set reason = 'Holiday' where id = ${id}`),
        remove: (id) => db.run(sql`delete from time_off where id = ${id}`),
      },
      salon_settings: {
        // The salon has one settings row; a second one is written and removed here.
        insert: async () =>
          (
            await db.all<{ id: number }>(
              sql`insert into salon_settings (id, salon_name) values (99, 'Revision Salon') returning id`,
            )
          )[0]!.id,
        update: (id) => db.run(sql`update salon_settings set open_time = '08:30' where id = ${id}`),
        remove: (id) => db.run(sql`delete from salon_settings where id = ${id}`),
      },
      waitlist_entries: {
        insert: async () => {
          const [client] = await db.all<{ id: number }>(
            sql`insert into clients (name) values ('Waiting') returning id`,
          );
          const [service] = await db.all<{ id: number }>(
            sql`insert into services (name, category) values ('Waiting Cut', 'Cuts') returning id`,
          );
          return (
            await db.all<{ id: number }>(
              sql`insert into waitlist_entries (client_id, service_id, from_date, to_date) values (${client!.id}, ${service!.id}, '2031-06-01', '2031-06-07') returning id`,
            )
          )[0]!.id;
        },
        update: (id) => db.run(sql`update waitlist_entries set notes = 'Mornings' where id = ${id}`),
        remove: (id) => db.run(sql`delete from waitlist_entries where id = ${id}`),
      },
      waitlist_offers: {
        insert: async () => {
          const [client] = await db.all<{ id: number }>(
            sql`insert into clients (name) values ('Offered') returning id`,
          );
          const [service] = await db.all<{ id: number }>(
            sql`insert into services (name, category) values ('Offered Cut', 'Cuts') returning id`,
          );
          const [entry] = await db.all<{ id: number }>(
            sql`insert into waitlist_entries (client_id, service_id, from_date, to_date) values (${client!.id}, ${service!.id}, '2031-06-01', '2031-06-07') returning id`,
          );
          return (
            await db.all<{ id: number }>(
              sql`insert into waitlist_offers (entry_id, stylist_id, start_time, end_time, hold_until, nonce) values (${entry!.id}, ${stylistId}, '2031-06-02T09:00:00.000Z', '2031-06-02T10:00:00.000Z', '2031-06-01T09:30:00.000Z', 'n') returning id`,
            )
          )[0]!.id;
        },
        update: (id) => db.run(sql`update waitlist_offers set status = 'declined' where id = ${id}`),
        remove: (id) => db.run(sql`delete from waitlist_offers where id = ${id}`),
      },
      patch_tests: {
        // Append-only: an update only relinks a test to another client (a merge), and a test
        // is deleted only once its client is gone.
        insert: async () => {
          const [client] = await db.all<{ id: number }>(
            sql`insert into clients (name) values ('Revision Patch Client') returning id`,
          );
          return (
            await db.all<{ id: number }>(
              sql`insert into patch_tests (client_id, tested_at, result, recorded_by_name) values (${client!.id}, '2031-05-01T09:00:00.000Z', 'pass', 'Admin') returning id`,
            )
          )[0]!.id;
        },
        update: async (id) => {
          const [kept] = await db.all<{ id: number }>(
            sql`insert into clients (name) values ('Revision Kept Client') returning id`,
          );
          await db.run(sql`update patch_tests set client_id = ${kept!.id} where id = ${id}`);
        },
        remove: async (id) => {
          await db.run(sql`delete from clients where id = (select client_id from patch_tests where id = ${id})`);
          await db.run(sql`delete from patch_tests where id = ${id}`);
        },
      },
    };

    it("knows how to write to every covered table", () => {
      expect(Object.keys(writes).sort()).toEqual([...COVERED_TABLES].sort());
    });

    it.each(COVERED_TABLES)("%s: insert, update and delete", async (table) => {
      const write = writes[table]!;
      let id = 0;
      expect(await raises(async () => (id = await write.insert())), `insert into ${table}`).toBe(true);
      expect(await raises(() => Promise.resolve(write.update(id))), `update of ${table}`).toBe(true);
      expect(await raises(() => Promise.resolve(write.remove(id))), `delete from ${table}`).toBe(true);
    });

    // The Day view's "Paid" marker reads sales. A sale is never deleted or changed (its
    // triggers refuse), except an erasure clearing the client's name: both writes raise it.
    it("sales: a sale, and an erasure's removal of its client's name", async () => {
      let id = 0;
      const insert = async () =>
        (id = (
          await db.all<{ id: number }>(
            sql`insert into sales (receipt_number, sold_by_name, client_name, subtotal, discount_total, total, vat, tips_total, paid, change) values (990001, 'Revision', 'Revision Client', 100, 0, 100, 0, 0, 100, 0) returning id`,
          )
        )[0]!.id);
      expect(await raises(insert), "insert into sales").toBe(true);
      expect(await raises(() => db.run(sql`update sales set client_name = null where id = ${id}`)), "erasure").toBe(
        true,
      );
    });
  });
});
