// The Day view's waitlist line (decision 0127): the waiting clients a free time on the day
// fits, with the times in the salon's clock and a link to book it.
import type { WaitlistFit } from "~/components/calendar/waitlist-strip";
import { formatClockTime, timeInZone, dateInZone, type CalendarDate } from "~/lib/salon-time";
import type { Actor } from "./access.server";
import { readSettingsWithSecret } from "./settings.server";
import { waitlistMatchesOn } from "./waitlist.server";
import { db } from "#db/client.server";
import { stylists, waitlistEntries } from "#db/schema";
import { inArray } from "drizzle-orm";

export async function waitlistFits(actor: Actor, date: CalendarDate, canWrite: boolean): Promise<WaitlistFit[]> {
  const matches = await waitlistMatchesOn(actor, date);
  if (matches.length === 0) return [];
  const { timeZone, clockFormat } = await readSettingsWithSecret();
  const [names, entries] = await Promise.all([
    db
      .select({ id: stylists.id, name: stylists.name })
      .from(stylists)
      .where(
        inArray(
          stylists.id,
          matches.map((match) => match.stylistId),
        ),
      ),
    db
      .select({ id: waitlistEntries.id, clientId: waitlistEntries.clientId, serviceId: waitlistEntries.serviceId })
      .from(waitlistEntries)
      .where(
        inArray(
          waitlistEntries.id,
          matches.map((match) => match.entryId),
        ),
      ),
  ]);
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const entryOf = new Map(entries.map((row) => [row.id, row]));
  return matches.map((match) => {
    const entry = entryOf.get(match.entryId);
    const time = timeInZone(match.start, timeZone);
    const params = new URLSearchParams({
      view: "day",
      date: dateInZone(match.start, timeZone),
      stylistId: String(match.stylistId),
      time,
      ...(entry ? { clientId: String(entry.clientId), serviceId: String(entry.serviceId) } : {}),
    });
    return {
      entryId: match.entryId,
      clientName: match.clientName,
      serviceName: match.serviceName,
      stylistName: nameOf.get(match.stylistId) ?? "",
      time: formatClockTime(time, clockFormat),
      offered: match.offered,
      bookHref: canWrite ? `/calendar/appointments/new?${params}` : null,
    };
  });
}
