// The Day view's blocks in the loader data, packed short: a page and every revalidation
// carry two hundred of them on a busy day, and an object's keys cost more to encode and
// send than its values (docs/decisions/0067), a tuple's values an index each (0129).
// Packed by the calendar's loader, unpacked once by its screen; everything else sees
// CalendarItem.
import type { CalendarItem, LegendEntry } from "~/domain/calendar.server";
import type { PatchTestFinding } from "#db/enums";
import { addDays, daysBetween, type CalendarDate } from "./salon-time";

/** id, stylist, start and end minutes, status, client, service, its colour, notes, flags (1: during time off, 2: late cancellation, 4: one of a repeat series, 8: booked online, 16: a line of a visit, 32/64/128/256: the patch test missing, too recent, expired, failed, 512: paid), and its processing part (minutes after the start, from and to) when it has one. */
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
  ...([number, number] | []),
];

const PATCH_TEST_FLAGS: Record<PatchTestFinding, number> = { missing: 32, too_recent: 64, expired: 128, failed: 256 };
const FINDINGS = Object.keys(PATCH_TEST_FLAGS) as PatchTestFinding[];

const STATUSES: CalendarItem["status"][] = ["scheduled", "completed", "cancelled", "no_show", "blocked", "requested"];

/** One block as a tuple (the Week's lines are made from it). */
function toTuple(item: CalendarItem): PackedItem {
  return [
    item.id,
    item.stylistId,
    item.startMinutes,
    item.endMinutes,
    item.status,
    item.clientName,
    item.serviceName,
    item.serviceColor,
    item.notes,
    (item.duringTimeOff ? 1 : 0) |
      (item.lateCancellation ? 2 : 0) |
      (item.inSeries ? 4 : 0) |
      (item.online ? 8 : 0) |
      (item.inVisit ? 16 : 0) |
      (item.patchTest ? PATCH_TEST_FLAGS[item.patchTest] : 0) |
      (item.paid ? 512 : 0),
    ...(item.processing ?? []),
  ];
}

function fromTuple(
  [
    id,
    stylistId,
    startMinutes,
    endMinutes,
    status,
    clientName,
    serviceName,
    serviceColor,
    notes,
    flags,
    from,
    to,
  ]: PackedItem,
  date: CalendarDate,
): CalendarItem {
  return {
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
    inVisit: (flags & 16) !== 0,
    patchTest: FINDINGS.find((finding) => (flags & PATCH_TEST_FLAGS[finding]) !== 0) ?? null,
    paid: (flags & 512) !== 0,
    processing: from !== undefined && to !== undefined ? [from, to] : null,
  };
}

/**
 * The Day view's blocks in the loader data (decision 0129): the numbers of every block in one
 * string, since the encoding spends an index (3 to 4 bytes) on each value of a tuple; each
 * block's client; the services (with their chosen colour) once each; notes by the block's
 * place, as only blocked time has them.
 */
export type PackedItems = {
  /** Per block "id,stylist,start,end,status,flags,service[,from,to]" (status: its place in the
   * statuses; service: its place in `s`, empty for none; from and to: the processing part),
   * blocks joined by ";". */
  n: string;
  /** Each block's client, in the same order. */
  c: (string | null)[];
  /** Services as [name, chosen colour]. */
  s: [string, string | null][];
  /** Notes by the block's place. */
  t: Record<string, string>;
};

/** The blocks of the view's date (the grid draws no others), without the date each would repeat. */
export function packItems(items: CalendarItem[], date: CalendarDate): PackedItems {
  const services = new Map<string, number>();
  const packed: PackedItems = { n: "", c: [], s: [], t: {} };
  const lines: string[] = [];
  for (const item of items) {
    if (item.date !== date) continue;
    const [id, stylistId, start, end, status, clientName, serviceName, serviceColor, notes, flags, ...processing] =
      toTuple(item);
    let service = "";
    if (serviceName !== null) {
      const key = `${serviceName}\n${serviceColor ?? ""}`;
      if (!services.has(key)) services.set(key, packed.s.push([serviceName, serviceColor]) - 1);
      service = String(services.get(key));
    }
    if (notes !== null) packed.t[lines.length] = notes;
    packed.c.push(clientName);
    lines.push([id, stylistId, start, end, STATUSES.indexOf(status), flags, service, ...processing].join(","));
  }
  packed.n = lines.join(";");
  return packed;
}

/** The blocks again; an empty list (the loader's answer for other views) is no blocks. */
export function unpackItems(packed: PackedItems | never[], date: CalendarDate): CalendarItem[] {
  if (Array.isArray(packed) || packed.n === "") return [];
  return packed.n.split(";").map((line, index) => {
    const [id, stylistId, start, end, status, flags, service, from, to] = line.split(",");
    const entry = service === "" || service === undefined ? undefined : packed.s[Number(service)];
    const tuple: PackedItem = [
      Number(id),
      Number(stylistId),
      Number(start),
      Number(end),
      STATUSES[Number(status)] ?? "scheduled",
      packed.c[index] ?? null,
      entry?.[0] ?? null,
      entry?.[1] ?? null,
      packed.t[index] ?? null,
      Number(flags),
      ...(from !== undefined && to !== undefined ? [Number(from), Number(to)] : []),
    ] as PackedItem;
    return fromTuple(tuple, date);
  });
}

/**
 * `next`, with every item equal to the one of the same id in `previous` replaced by that
 * earlier object: after a revalidation (a drop, a change on another tablet) only the blocks
 * that changed are new, so the grid draws only the columns they are in.
 */
export function keepUnchanged(previous: CalendarItem[], next: CalendarItem[]): CalendarItem[] {
  if (previous.length === 0) return next;
  const before = new Map(previous.map((item) => [item.id, item]));
  return next.map((item) => {
    const earlier = before.get(item.id);
    return earlier && JSON.stringify(earlier) === JSON.stringify(item) ? earlier : item;
  });
}

const tabless = (text: string | null) => (text ?? "").replace(/\t/g, " ");

/**
 * The Week view's blocks, a few hundred on a busy week: each one string of tab-separated
 * fields (id, stylist, days after the week's Monday, start minutes, status, flags, the
 * service's place in the legend, client, notes), since the loader data's encoding spends an
 * index on every value of a tuple. The week draws no ends: they come back as the start.
 * Names and notes cannot hold a tab (a single line, or one made so here).
 */
export function packWeekItems(items: CalendarItem[], first: CalendarDate, legend: LegendEntry[]): string[] {
  const services = new Map(legend.map((entry, index) => [entry.name, index]));
  return items.map((item) => {
    const [id, stylistId, startMinutes, , status, clientName, serviceName, , notes, flags] = toTuple(item);
    return [
      id,
      stylistId,
      daysBetween(first, item.date),
      startMinutes,
      STATUSES.indexOf(status),
      flags,
      serviceName === null ? "" : (services.get(serviceName) ?? ""),
      tabless(clientName),
      tabless(notes),
    ].join("\t");
  });
}

export function unpackWeekItems(packed: string[], first: CalendarDate, legend: LegendEntry[]): CalendarItem[] {
  return packed.map((line) => {
    const [id, stylistId, days, start, status, flags, service, client, notes] = line.split("\t") as [
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
    const entry = service === "" ? undefined : legend[Number(service)];
    const tuple: PackedItem = [
      Number(id),
      Number(stylistId),
      Number(start),
      Number(start),
      STATUSES[Number(status)] ?? "scheduled",
      client || null,
      entry?.name ?? null,
      entry?.color ?? null,
      notes || null,
      Number(flags),
    ];
    return fromTuple(tuple, addDays(first, Number(days)));
  });
}

/**
 * Live blocks of one column that share time (a booking inside another's processing, decision
 * 0111, or one an override allowed) are drawn side by side: each group of overlapping blocks
 * shares the column in lanes, the earliest on the left. Blocks alone keep the full width.
 */
export function laneLayout(items: CalendarItem[]): Map<number, { lane: number; lanes: number }> {
  const layout = new Map<number, { lane: number; lanes: number }>();
  const columns = new Map<number, CalendarItem[]>();
  for (const item of items) {
    if (item.status === "cancelled") continue;
    const column = columns.get(item.stylistId);
    if (column) column.push(item);
    else columns.set(item.stylistId, [item]);
  }
  for (const column of columns.values()) layOutColumn(column, layout);
  return layout;
}

/** One column's lanes, added to `layout`. */
function layOutColumn(items: CalendarItem[], layout: Map<number, { lane: number; lanes: number }>) {
  const live = items.sort((a, b) => a.startMinutes - b.startMinutes || a.id - b.id);
  let group: { id: number; lane: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    if (laneEnds.length > 1) for (const { id, lane } of group) layout.set(id, { lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const item of live) {
    if (item.startMinutes >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.startMinutes);
    if (lane === -1) lane = laneEnds.push(item.endMinutes) - 1;
    else laneEnds[lane] = item.endMinutes;
    group.push({ id: item.id, lane });
    groupEnd = Math.max(groupEnd, item.endMinutes);
  }
  close();
}
