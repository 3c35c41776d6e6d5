// The week of free times the booking page and the manage page show: the slots of the one
// slot computation, grouped by the salon's days and labelled in the salon's time zone.
import { db } from "#db/client.server";
import type { SlotWeek } from "~/components/book/slot-picker";
import { findSlots } from "~/domain/online-slots.server";
import {
  addDays,
  dateInZone,
  formatClockTime,
  formatShortDate,
  timeInZone,
  todayInZone,
  type CalendarDate,
} from "~/lib/salon-time";

// findSlots answers at most 31 days at a time.
const LOOK_AHEAD_DAYS = 30;
const WEEK_DAYS = 7;

const earliest = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);
const latest = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);

export async function slotWeek(options: {
  serviceId: number;
  stylistId: number | null;
  /** The first day asked for; without it, the week starts at the next day with a free time. */
  from: CalendarDate | undefined;
  timeZone: string;
  clockFormat: "12h" | "24h";
  advanceLimitDays: number;
  now?: Date;
}): Promise<SlotWeek & { from: CalendarDate }> {
  const { serviceId, stylistId, timeZone, clockFormat } = options;
  const now = options.now ?? new Date();
  const today = todayInZone(timeZone, now);
  const lastDay = addDays(today, Math.max(0, options.advanceLimitDays));
  const asked = options.from && options.from >= today && options.from <= lastDay ? options.from : undefined;

  let first: CalendarDate;
  let slots;
  if (asked) {
    first = asked;
    slots = await findSlots(db, {
      serviceId,
      stylistId,
      from: first,
      to: earliest(addDays(first, WEEK_DAYS - 1), lastDay),
      now,
    });
  } else {
    // The next free days first: the week starts at the first day with a free time.
    const ahead = earliest(addDays(today, LOOK_AHEAD_DAYS), lastDay);
    const found = await findSlots(db, { serviceId, stylistId, from: today, to: ahead, now });
    first = found[0] ? dateInZone(found[0].start, timeZone) : today;
    const weekEnd = addDays(first, WEEK_DAYS - 1);
    slots =
      weekEnd <= ahead
        ? found
        : [
            ...found,
            ...(await findSlots(db, {
              serviceId,
              stylistId,
              from: addDays(ahead, 1),
              to: earliest(weekEnd, lastDay),
              now,
            })),
          ];
  }
  const last = earliest(addDays(first, WEEK_DAYS - 1), lastDay);

  const days = new Map<CalendarDate, SlotWeek["days"][number]>();
  for (const slot of slots) {
    const date = dateInZone(slot.start, timeZone);
    if (date < first || date > last) continue;
    let day = days.get(date);
    if (!day) {
      day = { date, label: formatShortDate(date), times: [] };
      days.set(date, day);
    }
    day.times.push({ start: slot.start, label: formatClockTime(timeInZone(slot.start, timeZone), clockFormat) });
  }
  const next = addDays(first, WEEK_DAYS);
  return {
    from: first,
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    rangeLabel: first === last ? formatShortDate(first) : `${formatShortDate(first)} – ${formatShortDate(last)}`,
    earlier: first > today ? latest(today, addDays(first, -WEEK_DAYS)) : null,
    later: next <= lastDay ? next : null,
  };
}

/** "Tuesday, December 1, 2026 at 10:30 AM" in the salon's time zone. */
export function describeStart(start: string, timeZone: string, clockFormat: "12h" | "24h") {
  const date = dateInZone(start, timeZone);
  return { date, time: formatClockTime(timeInZone(start, timeZone), clockFormat) };
}
