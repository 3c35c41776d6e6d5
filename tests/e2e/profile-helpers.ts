// A client with a history for the no-show and client profile specs (decisions 0082, 0083), written
// straight into the worker's database: a past appointment still scheduled (to be marked a
// no-show), a no-show, twelve completed visits (more than a page of the profile's past
// list) and two upcoming ones. Everything is named after a tag unique to the test, at a
// late hour on dates no other spec books, so it clashes with nothing.
import { createClient } from "@libsql/client";
import { apiToken, stylistIds } from "./calendar-fixtures";
import { currentSlot } from "./servers";

export type ProfileSalon = {
  tag: string;
  clientId: number;
  clientName: string;
  serviceName: string;
  /** The past appointment left scheduled, on `pastDate` at 21:00 (UTC = London in winter). */
  pendingId: number;
  pastDate: string;
  sofia: number;
  theo: number;
};

const utc = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`);

export async function profileSalon(): Promise<ProfileSalon> {
  const tag = `Prof${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const stylists = await stylistIds(await apiToken());
  const [sofia, theo] = [stylists["Sofia Stylist"]!, stylists["Theo Trimmer"]!];
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    // A day of early 2026 of its own (one per salon made in this worker's database), so the
    // appointment a test edits never overlaps another test's at the same hour.
    const earlier = Number(
      (await db.execute("select count(*) as n from services where name like 'Prof% Cut'")).rows[0]!.n,
    );
    const pastDate = new Date(Date.UTC(2026, 0, 5 + earlier)).toISOString().slice(0, 10);
    const insertId = async (sql: string, args: (string | number)[]) =>
      Number((await db.execute({ sql: `${sql} returning id`, args })).rows[0]!.id);
    const serviceName = `${tag} Cut`;
    const service = await insertId(
      "insert into services (name, category, duration, price) values (?, 'Hair', 60, 4500)",
      [serviceName],
    );
    const clientName = `${tag} Client`;
    const clientId = await insertId(
      "insert into clients (name, phone, email, notes, consent_date, data_retention_date) values (?, '07400 900555', ?, 'Likes a quiet chair', ?, ?)",
      [clientName, `${tag.toLowerCase()}@example.test`, "2025-06-01T10:00:00.000Z", "2032-06-01T10:00:00.000Z"],
    );
    const insert = (stylistId: number, start: Date, status: string, price: number) =>
      insertId(
        "insert into appointments (client_id, stylist_id, service_id, start_time, end_time, status, price) values (?, ?, ?, ?, ?, ?, ?)",
        [
          clientId,
          stylistId,
          service,
          start.toISOString(),
          new Date(start.getTime() + 60 * 60_000).toISOString(),
          status,
          price,
        ],
      );
    // Twelve completed visits in 2025, the last with Theo; a no-show; then the one to mark.
    for (let month = 1; month <= 12; month += 1)
      await insert(
        month === 12 ? theo : sofia,
        utc(`2025-${String(month).padStart(2, "0")}-10`, "21:00"),
        "completed",
        4000 + month * 100,
      );
    await insert(sofia, utc("2025-12-20", "21:00"), "no_show", 4500);
    const pendingId = await insert(sofia, utc(pastDate, "21:00"), "scheduled", 4500);
    await insert(sofia, utc("2027-09-06", "21:00"), "scheduled", 4500);
    await insert(theo, utc("2027-09-13", "21:00"), "scheduled", 4500);
    return { tag, clientId, clientName, serviceName, pendingId, pastDate, sofia, theo };
  } finally {
    db.close();
  }
}

/** Total spent by the client of `profileSalon`: the twelve completed visits at their booked prices. */
export const PROFILE_TOTAL_SPENT = "£558.00";
