// The Day view's blocks in the loader data as short tuples: a page and every revalidation
// carry two hundred of them on a busy day, and an object's keys cost more to encode and
// send than its values (docs/decisions/0067). Packed by the calendar's loader, unpacked
// once by its screen; everything else sees CalendarItem.
import type { CalendarItem } from "~/domain/calendar.server";
import { addDays, daysBetween, type CalendarDate } from "./salon-time";

/** id, stylist, start and end minutes, status, client, service, its colour, notes, flags (1: during time off, 2: late cancellation, 4: one of a repeat series, 8: booked online). */
export type PackedItem = [
  number,
  number,
  number,
  number,
  CalendarItem["status"],
  string | null,
  string | null,
  string | null,
  string | null,
  number,
];

/** The blocks of the view's date (the grid draws no others), without the date each would repeat. */
export function packItems(items: CalendarItem[], date: CalendarDate): PackedItem[] {
  return items
    .filter((item) => item.date === date)
    .map((item) => [
      item.id,
      item.stylistId,
      item.startMinutes,
      item.endMinutes,
      item.status,
      item.clientName,
      item.serviceName,
      item.serviceColor,
      item.notes,
      (item.duringTimeOff ? 1 : 0) | (item.lateCancellation ? 2 : 0) | (item.inSeries ? 4 : 0) | (item.online ? 8 : 0),
    ]);
}

export function unpackItems(packed: PackedItem[], date: CalendarDate): CalendarItem[] {
  return packed.map(
    ([id, stylistId, startMinutes, endMinutes, status, clientName, serviceName, serviceColor, notes, flags]) => ({
      id,
      stylistId,
      date,
      startMinutes,
      endMinutes,
      status,
      clientName,
      serviceName,
      serviceColor,
      notes,
      duringTimeOff: (flags & 1) !== 0,
      lateCancellation: (flags & 2) !== 0,
      inSeries: (flags & 4) !== 0,
      online: (flags & 8) !== 0,
    }),
  );
}

const STATUSES: CalendarItem["status"][] = ["scheduled", "completed", "cancelled", "no_show", "blocked", "requested"];
const tabless = (text: string | null) => (text ?? "").replace(/\t/g, " ");

/**
 * The Week view's blocks, up to a few hundred of them: each one string of tab-separated
 * fields (id, stylist, days after the week's Monday, start and end minutes, status, flags,
 * colour, client, service, notes), since the loader data's encoding spends an index on
 * every value of a tuple. Names and notes cannot hold a tab (a single line, or one made so here).
 */
export function packWeekItems(items: CalendarItem[], first: CalendarDate): string[] {
  return items.map((item) => {
    const [id, stylistId, startMinutes, endMinutes, status, clientName, serviceName, serviceColor, notes, flags] =
      packItems([item], item.date)[0]!;
    return [
      id,
      stylistId,
      daysBetween(first, item.date),
      startMinutes,
      endMinutes,
      STATUSES.indexOf(status),
      flags,
      tabless(serviceColor),
      tabless(clientName),
      tabless(serviceName),
      tabless(notes),
    ].join("\t");
  });
}

export function unpackWeekItems(packed: string[], first: CalendarDate): CalendarItem[] {
  return packed.map((line) => {
    const [id, stylistId, days, start, end, status, flags, color, client, service, notes] = line.split("\t") as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const tuple: PackedItem = [
      Number(id),
      Number(stylistId),
      Number(start),
      Number(end),
      STATUSES[Number(status)] ?? "scheduled",
      client || null,
      service || null,
      color || null,
      notes || null,
      Number(flags),
    ];
    return unpackItems([tuple], addDays(first, Number(days)))[0]!;
  });
}
