// The reports rollup (docs/decisions/0041) must equal what the appointments say, whatever
// writes them: random bookings, moves, edits, status and price changes, reassignments,
// client merges, deletions, a client's erasure and deletion, a change of time zone. After
// every step the three rollup tables are compared row by row with a computation in
// JavaScript straight from the appointments (salon days by the app's own dateInZone).
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { ensureReportRollup } from "#db/report-rollup.server";
import { APPOINTMENT_STATUSES } from "#db/enums";
import { appointments } from "#db/schema";
import { eraseClient } from "~/domain/gdpr.server";
import { deleteClient } from "~/domain/clients.server";
import { buildReport } from "~/domain/reports.server";
import { dateInZone } from "~/lib/salon-time";
import { createClient, createService } from "../calendar-factories";
import { signedIn } from "../factories";
import { createStylist } from "../services-factories";

type Ids = { stylists: number[]; clients: number[]; services: number[] };
let ids: Ids;
let admin: Awaited<ReturnType<typeof signedIn>>;

// A small deterministic generator, so a failure can be replayed.
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    int: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof generator>;

// Instants around both of 2026's clock changes in London, and around local and UTC midnight.
const DAYS = ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26"];
function randomStart(random: Random): string {
  const day = random.pick(DAYS);
  const minutes = random.pick([-90, -45, -15, 0, 30, 60, 75, 9 * 60, 13 * 60 + 15, 22 * 60 + 45, 23 * 60 + 30]);
  return new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000).toISOString();
}
const endAfter = (start: string, random: Random) =>
  new Date(Date.parse(start) + random.pick([15, 30, 45, 60, 90, 125]) * 60_000).toISOString();

async function randomInsert(random: Random) {
  const status = random.pick(APPOINTMENT_STATUSES);
  const start = randomStart(random);
  await db.insert(appointments).values({
    stylistId: random.pick(ids.stylists),
    clientId: status === "blocked" || random.next() < 0.1 ? null : random.pick(ids.clients),
    serviceId: status === "blocked" || random.next() < 0.1 ? null : random.pick(ids.services),
    status,
    price: random.int(0, 12_000),
    startTime: start,
    endTime: endAfter(start, random),
  });
}

async function randomAppointment(random: Random) {
  const rows = await db.select({ id: appointments.id }).from(appointments);
  return rows.length > 0 ? random.pick(rows).id : null;
}

/** The writes the app makes, each as the SQL it comes down to (or the domain call itself). */
const WRITES: Record<string, (random: Random) => Promise<void>> = {
  create: randomInsert,
  "move (drag to another time)": async (random) => {
    const id = await randomAppointment(random);
    if (id === null) return;
    const start = randomStart(random);
    await db
      .update(appointments)
      .set({ startTime: start, endTime: endAfter(start, random) })
      .where(eq(appointments.id, id));
  },
  "move to another stylist": async (random) => {
    const id = await randomAppointment(random);
    if (id !== null)
      await db
        .update(appointments)
        .set({ stylistId: random.pick(ids.stylists) })
        .where(eq(appointments.id, id));
  },
  "status change": async (random) => {
    const id = await randomAppointment(random);
    if (id !== null)
      await db
        .update(appointments)
        .set({ status: random.pick(APPOINTMENT_STATUSES) })
        .where(eq(appointments.id, id));
  },
  "edit service, client and price": async (random) => {
    const id = await randomAppointment(random);
    if (id !== null)
      await db
        .update(appointments)
        .set({ serviceId: random.pick(ids.services), clientId: random.pick(ids.clients), price: random.int(0, 9_000) })
        .where(eq(appointments.id, id));
  },
  "edit notes only (no figure changes)": async (random) => {
    const id = await randomAppointment(random);
    if (id !== null)
      await db
        .update(appointments)
        .set({ notes: `note ${random.int(0, 99)}` })
        .where(eq(appointments.id, id));
  },
  delete: async (random) => {
    const id = await randomAppointment(random);
    if (id !== null) await db.delete(appointments).where(eq(appointments.id, id));
  },
  "merge two clients": async (random) => {
    const [from, into] = [random.pick(ids.clients), random.pick(ids.clients)];
    await db.update(appointments).set({ clientId: into }).where(eq(appointments.clientId, from));
  },
  "several at once": async (random) => {
    const chosen = (await db.select({ id: appointments.id }).from(appointments))
      .filter(() => random.next() < 0.3)
      .map((row) => row.id);
    if (chosen.length > 0)
      await db.update(appointments).set({ status: "completed" }).where(inArray(appointments.id, chosen));
  },
};

type Table = Record<string, number | string>[];

/** The rollup as it should be, from the appointments, in JavaScript. */
async function expectedRollup(
  timeZone: string,
): Promise<{ stylistDays: Table; serviceDays: Table; clientDays: Table }> {
  const rows = await db.select().from(appointments);
  const stylistDays = new Map<
    string,
    {
      stylistId: number;
      day: string;
      appointments: number;
      completed: number;
      cancelled: number;
      noShows: number;
      revenue: number;
      bookedSeconds: number;
    }
  >();
  const serviceDays = new Map<
    string,
    { stylistId: number; serviceId: number; day: string; completed: number; revenue: number }
  >();
  const clientDays = new Map<
    string,
    { stylistId: number; clientId: number; day: string; completed: number; revenue: number }
  >();
  for (const row of rows) {
    if (row.status === "blocked") continue;
    const day = dateInZone(row.startTime, timeZone);
    const seconds = Math.floor(Date.parse(row.endTime) / 1000) - Math.floor(Date.parse(row.startTime) / 1000);
    for (const stylistId of [0, row.stylistId]) {
      const s = stylistDays.get(`${stylistId}|${day}`) ?? {
        stylistId,
        day,
        appointments: 0,
        completed: 0,
        cancelled: 0,
        noShows: 0,
        revenue: 0,
        bookedSeconds: 0,
      };
      s.appointments += 1;
      if (row.status === "completed") {
        s.completed += 1;
        s.revenue += row.price;
      }
      if (row.status === "no_show") s.noShows += 1;
      if (row.status === "cancelled") s.cancelled += 1;
      else s.bookedSeconds += seconds;
      stylistDays.set(`${stylistId}|${day}`, s);
      if (row.status !== "completed") continue;
      if (row.serviceId !== null) {
        const v = serviceDays.get(`${stylistId}|${row.serviceId}|${day}`) ?? {
          stylistId,
          serviceId: row.serviceId,
          day,
          completed: 0,
          revenue: 0,
        };
        v.completed += 1;
        v.revenue += row.price;
        serviceDays.set(`${stylistId}|${row.serviceId}|${day}`, v);
      }
      if (row.clientId !== null) {
        const c = clientDays.get(`${stylistId}|${row.clientId}|${day}`) ?? {
          stylistId,
          clientId: row.clientId,
          day,
          completed: 0,
          revenue: 0,
        };
        c.completed += 1;
        c.revenue += row.price;
        clientDays.set(`${stylistId}|${row.clientId}|${day}`, c);
      }
    }
  }
  const sorted = <T extends Record<string, number | string>>(list: T[], key: (row: T) => string) =>
    list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const pad = (n: number) => String(n).padStart(9, "0");
  const clients = sorted([...clientDays.values()], (row) => `${pad(row.stylistId)}|${pad(row.clientId)}|${row.day}`);
  let running = { key: "", completed: 0, revenue: 0 };
  const withTotals = clients.map((row) => {
    const key = `${row.stylistId}|${row.clientId}`;
    if (running.key !== key) running = { key, completed: 0, revenue: 0 };
    running.completed += row.completed;
    running.revenue += row.revenue;
    return { ...row, cumCompleted: running.completed, cumRevenue: running.revenue };
  });
  return {
    stylistDays: sorted([...stylistDays.values()], (row) => `${pad(row.stylistId)}|${row.day}`),
    serviceDays: sorted([...serviceDays.values()], (row) => `${pad(row.stylistId)}|${pad(row.serviceId)}|${row.day}`),
    clientDays: withTotals,
  };
}

async function actualRollup() {
  return {
    stylistDays: await db.all<
      Table[number]
    >(sql`select stylist_id as stylistId, day, appointments, completed, cancelled, no_shows as noShows, revenue, booked_seconds as bookedSeconds
      from report_stylist_days order by stylist_id, day`),
    serviceDays: await db.all<Table[number]>(
      sql`select stylist_id as stylistId, service_id as serviceId, day, completed, revenue from report_service_days order by stylist_id, service_id, day`,
    ),
    clientDays: await db.all<
      Table[number]
    >(sql`select stylist_id as stylistId, client_id as clientId, day, completed, revenue, cum_completed as cumCompleted, cum_revenue as cumRevenue
      from report_client_days order by stylist_id, client_id, day`),
  };
}

async function expectInStep(timeZone: string, after: string) {
  const [actual, expected] = [await actualRollup(), await expectedRollup(timeZone)];
  expect(actual, `rollup after ${after}`).toEqual(expected);
}

beforeAll(async () => {
  admin = await signedIn("admin");
  const stylists = [(await createStylist()).id, (await createStylist()).id, (await createStylist()).id];
  const clients: number[] = [];
  for (let i = 0; i < 6; i += 1) clients.push((await createClient({ name: `Rollup Client ${i}` })).id);
  const services = [
    (await createService({ name: "Rollup Cut" })).id,
    (await createService({ name: "Rollup Colour" })).id,
    (await createService({ name: "Rollup Trim" })).id,
  ];
  ids = { stylists, clients, services };
});

describe("the reports rollup", () => {
  it("is built from the appointments already there (a database migrated from before the rollup)", async () => {
    const random = generator(7);
    for (let i = 0; i < 40; i += 1) await randomInsert(random);
    await ensureReportRollup("Europe/London");
    await expectInStep("Europe/London", "the first build");
  });

  it("stays equal to the appointments after every kind of write, in any order", async () => {
    const random = generator(2026);
    const kinds = Object.keys(WRITES);
    for (let step = 0; step < 250; step += 1) {
      const kind = random.pick(kinds);
      await WRITES[kind]!(random);
      await expectInStep("Europe/London", `step ${step}: ${kind}`);
    }
  });

  it("follows a client's erasure and deletion through the app's own code", async () => {
    const random = generator(11);
    for (let i = 0; i < 30; i += 1) await randomInsert(random);
    const [erased, deleted] = [ids.clients[0]!, ids.clients[1]!];
    await db
      .update(appointments)
      .set({ status: "completed" })
      .where(inArray(appointments.clientId, [erased, deleted]));
    await eraseClient(admin.user, erased);
    await expectInStep("Europe/London", "an erasure");
    await deleteClient(admin.user, deleted);
    await expectInStep("Europe/London", "a client's deletion");
    const left = await db.all<{ n: number }>(
      sql`select count(*) as n from report_client_days where client_id in (${erased}, ${deleted})`,
    );
    expect(left[0]!.n).toBe(0);
    ids.clients = ids.clients.slice(2);
  });

  it("is rebuilt for a new time zone, and kept in step in it", async () => {
    await ensureReportRollup("Australia/Lord_Howe");
    await expectInStep("Australia/Lord_Howe", "the change of zone");
    const random = generator(5);
    for (let step = 0; step < 40; step += 1) await WRITES[random.pick(Object.keys(WRITES))]!(random);
    await expectInStep("Australia/Lord_Howe", "writes in the new zone");
    await ensureReportRollup("Europe/London");
    await expectInStep("Europe/London", "the change back");
  });

  it("gives the report's figures: a week's totals equal the appointments summed directly", async () => {
    const report = await buildReport(admin.user, { period: "custom", from: "2026-10-19", to: "2026-10-26" });
    const rows = (await db.select().from(appointments)).filter((row) => {
      const day = dateInZone(row.startTime, "Europe/London");
      return row.status !== "blocked" && day >= "2026-10-19" && day <= "2026-10-26";
    });
    const completed = rows.filter((row) => row.status === "completed");
    expect(report.appointments).toBe(rows.length);
    expect(report.completedCount).toBe(completed.length);
    expect(report.totalRevenue).toBe(completed.reduce((total, row) => total + row.price, 0));
    expect(report.cancelledCount).toBe(rows.filter((row) => row.status === "cancelled").length);
    expect(report.noShowCount).toBe(rows.filter((row) => row.status === "no_show").length);
    expect(report.noShowRate).toBeCloseTo(rows.length > 0 ? report.noShowCount / rows.length : 0, 10);
    const clients = new Map<number, number>();
    for (const row of completed)
      if (row.clientId !== null) clients.set(row.clientId, (clients.get(row.clientId) ?? 0) + 1);
    const rebooked = [...clients.values()].filter((n) => n > 1).length;
    expect(report.rebookingRate).toBeCloseTo(clients.size > 0 ? rebooked / clients.size : 0, 10);
    expect(report.newClients + report.returningClients).toBe(clients.size);
  });
});
