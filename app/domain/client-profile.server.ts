// The client profile (decision 0083): one page with everything about a client. Its
// figures come from one aggregate query that reads the (client, status, start, stylist,
// service, price) index alone (decision 0084); its two lists are keyset pages of the
// client's appointments (`clientAppointmentsPage`). Admins see every appointment; a stylist
// the client's details and only their own appointments and the figures of those; display
// accounts see no profile (decision 0083).
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { assertCan, type Actor } from "./access.server";
import { visibleStylistScope } from "./appointments.server";
import { getClient, type VisibleClient } from "./clients.server";
import { can } from "./permissions";

type Named = { id: number; name: string };

type ClientFigures = {
  /** Completed appointments at the prices they were booked at, in pence. */
  totalSpent: number;
  /** Completed appointments. */
  visits: number;
  noShows: number;
  cancellations: number;
  /** The start of the latest completed appointment (ISO instant), null before the first. */
  lastVisit: string | null;
  /** The service and stylist of most completed appointments (ties: the latest). */
  usualService: Named | null;
  usualStylist: Named | null;
};

/** What 'Book again' preselects: the service and stylist of the last visit. */
type BookAgain = { serviceId: number | null; stylistId: number };

type Row = {
  totalSpent: number | null;
  visits: number | null;
  noShows: number | null;
  cancellations: number | null;
  lastVisit: string | null;
  last: string | null;
  usualService: string | null;
  usualStylist: string | null;
};

const named = (packed: string | null): Named | null => {
  if (!packed) return null;
  const [id, name] = JSON.parse(packed) as [number, string];
  return { id, name };
};

/**
 * The figures of a client's appointments that the actor may see, and the last visit's
 * service and stylist. The caller has checked that the client exists.
 */
async function clientFigures(
  actor: Actor,
  clientId: number,
): Promise<{ figures: ClientFigures; bookAgain: BookAgain | null }> {
  assertCan(actor, "clients.profile");
  const scope = await visibleStylistScope(actor);
  const inScope = (alias: string) =>
    scope === null ? sql`` : scope.length ? sql`and ${sql.raw(alias)}.stylist_id in ${scope}` : sql`and 0`;
  // The usual service or stylist: the most completed visits, the latest visit breaking a tie.
  const usual = (column: "service_id" | "stylist_id", table: "services" | "stylists") => sql`(
    select json_array(t.id, t.name) from appointments u join ${sql.raw(table)} t on t.id = u.${sql.raw(column)}
    where u.client_id = ${clientId} and u.status = 'completed' ${inScope("u")}
    group by u.${sql.raw(column)} order by count(*) desc, max(u.start_time) desc limit 1)`;
  const [row] = await db.all<Row>(sql`
    select
      sum(case when a.status = 'completed' then a.price else 0 end) as totalSpent,
      sum(a.status = 'completed') as visits,
      sum(a.status = 'no_show') as noShows,
      sum(a.status = 'cancelled') as cancellations,
      max(case when a.status = 'completed' then a.start_time end) as lastVisit,
      (select json_array(l.service_id, l.stylist_id) from appointments l
        where l.client_id = ${clientId} and l.status = 'completed' ${inScope("l")} order by l.start_time desc limit 1) as last,
      ${usual("service_id", "services")} as usualService,
      ${usual("stylist_id", "stylists")} as usualStylist
    from appointments a
    where a.client_id = ${clientId} ${inScope("a")}`);
  const last = row?.last ? (JSON.parse(row.last) as [number | null, number]) : null;
  return {
    figures: {
      totalSpent: Number(row?.totalSpent ?? 0),
      visits: Number(row?.visits ?? 0),
      noShows: Number(row?.noShows ?? 0),
      cancellations: Number(row?.cancellations ?? 0),
      lastVisit: row?.lastVisit ?? null,
      usualService: named(row?.usualService ?? null),
      usualStylist: named(row?.usualStylist ?? null),
    },
    bookAgain: last ? { serviceId: last[0], stylistId: last[1] } : null,
  };
}

/** The profile's head: the client (404 when there is none), their figures and what 'Book again' picks. */
export async function clientProfile(
  actor: Actor,
  id: number,
): Promise<{ client: VisibleClient; figures: ClientFigures; bookAgain: BookAgain | null }> {
  assertCan(actor, "clients.profile");
  const client = await getClient(actor, id);
  return { client, ...(await clientFigures(actor, id)) };
}

/** `GET /api/clients/{id}`: the client, with the profile's figures for those who may see a profile. */
export async function clientWithFigures(
  actor: Actor,
  id: number,
): Promise<VisibleClient & { figures?: ClientFigures }> {
  if (!can(actor.role, "clients.profile")) return getClient(actor, id);
  const { client, figures } = await clientProfile(actor, id);
  return { ...client, figures };
}
