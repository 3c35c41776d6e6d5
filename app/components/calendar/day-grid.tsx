// The day grid: a time column of 15-minute rows (07:00-22:45, 28 px each) and one column
// per stylist. Appointments are plain links (they open for edit, with or without
// JavaScript), followed on the client by the page's one listener for plain links; one set
// of pointer handlers drags a block to another stylist and time: a mouse as soon as it moves, a finger only after pressing and holding still (a finger that
// moves first scrolls the grid), see app/lib/drag-gesture.ts and docs/decisions/0078. While
// a block moves, the grid scrolls when the pointer nears an edge. A busy day draws hundreds
// of blocks: see docs/decisions/0071.
import type { NavigateFunction } from "@remix-run/react";
import type { PatchTestFinding } from "#db/enums";
import { PATCH_TEST_MARKER } from "~/lib/patch-tests";
import {
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from "react";
import type { DaySchedule } from "~/domain/availability.server";
import type { CalendarItem } from "~/domain/calendar.server";
import {
  BLOCKED_CLASS,
  blockHeight,
  GRID_END_MINUTES,
  GRID_ROWS,
  GRID_START_MINUTES,
  minutesToTop,
  ROW_HEIGHT_PX,
  serviceColorClass,
  SLOT_MINUTES,
  slotAt,
} from "~/lib/calendar";
import { laneLayout } from "~/lib/calendar-items";
import { CLIENT_NAV } from "~/lib/client-links";
import { cn } from "~/lib/cn";
import { edgeScrollSpeed, HOLD_MS, phaseAfterHold, phaseAfterMove, type PressPhase } from "~/lib/drag-gesture";
import { formatClockTime } from "~/lib/salon-time";
import { useClockFormat } from "~/components/ui/clock-format";
import { appointmentTitle, clockLabel, spanLabel, statusLabel } from "./labels";
import { TimeOffMark } from "./time-off-mark";

export type MoveRequest = {
  item: CalendarItem;
  stylistId: number;
  startMinutes: number;
  /** A line of a visit: this service only, or the whole visit (asked on the drop). */
  visitScope?: "line" | "visit";
};

type Props = {
  /** `readOnly`: a colleague's column (decision 0113): its blocks open read-only, nothing is booked or dropped there. */
  stylists: { id: number; name: string; readOnly?: boolean }[];
  schedules: Record<number, DaySchedule> | null;
  items: CalendarItem[];
  canWrite: boolean;
  /** Path of the edit dialog for an appointment, and of the new-booking dialog for a slot. */
  editHref: (id: number) => string;
  /** Path of the read-only dialog for a colleague's appointment. */
  viewHref: (id: number) => string;
  newHref: (stylistId: number, startMinutes?: number) => string;
  onMove: (move: MoveRequest) => void;
  moving: boolean;
  /** Where the grid starts scrolled to (the salon's opening time). */
  openMinutes: number;
  /** Minutes since midnight now, when the grid shows today; null otherwise. */
  nowMinutes: number | null;
  /** The screen's own (stable) navigate: the grid reads no router state, so a dialog opening
   * or closing over it does not draw it again (decision 0121). */
  navigate: NavigateFunction;
};

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
// Classes shared by every column live in app/tailwind.css (.off-hours, .col-head, .col-new).
const OFF_HOURS = "off-hours";

/** Shades the time a stylist does not work: outside their hours, a day off, or time off (whole days or hours). */
function OffHours({ schedule }: { schedule: DaySchedule | undefined }) {
  const clock = useClockFormat();
  if (!schedule) return null;
  if (schedule.timeOff || !schedule.isWorking) {
    const label = schedule.timeOff
      ? `Time off${schedule.timeOff.reason ? `: ${schedule.timeOff.reason}` : ""}`
      : "Not working";
    return (
      <div className={`${OFF_HOURS} top-0 bottom-0`}>
        <span className="sticky top-12 block px-2 pt-2 text-center text-xs font-medium text-slate-700">{label}</span>
      </div>
    );
  }
  const start = Math.max(GRID_START_MINUTES, clockMinutes(schedule.startTime));
  const end = Math.min(GRID_END_MINUTES, clockMinutes(schedule.endTime));
  return (
    <>
      {start > GRID_START_MINUTES ? (
        <div className={`${OFF_HOURS} top-0`} style={{ height: minutesToTop(start) }} />
      ) : null}
      {end < GRID_END_MINUTES ? <div className={`${OFF_HOURS} bottom-0`} style={{ top: minutesToTop(end) }} /> : null}
      {schedule.hoursOff?.map((hours) => {
        const from = Math.max(GRID_START_MINUTES, clockMinutes(hours.startTime));
        const to = Math.min(GRID_END_MINUTES, clockMinutes(hours.endTime));
        if (to <= from) return null;
        const label = `Time off ${formatClockTime(hours.startTime, clock)}–${formatClockTime(hours.endTime, clock)}${hours.reason ? `: ${hours.reason}` : ""}`;
        return (
          <div
            key={hours.startTime}
            className={`${OFF_HOURS} overflow-hidden`}
            style={{ top: minutesToTop(from), height: minutesToTop(to) - minutesToTop(from) }}
          >
            <span className="block truncate px-2 pt-0.5 text-center text-xs font-medium text-slate-700">{label}</span>
          </div>
        );
      })}
    </>
  );
}

/** The current time as a line across the grid, moving once a minute. */
function NowLine({ minutes }: { minutes: number }) {
  const [now, setNow] = useState(minutes);
  useEffect(() => {
    setNow(minutes);
    const started = Date.now();
    const timer = setInterval(() => setNow(minutes + Math.floor((Date.now() - started) / 60_000)), 30_000);
    return () => clearInterval(timer);
  }, [minutes]);
  if (now < GRID_START_MINUTES || now >= GRID_END_MINUTES) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute right-0 left-0 z-20 border-t-2 border-red-500"
      style={{ top: minutesToTop(now) }}
    >
      <span className="absolute -top-1.5 left-0 size-3 rounded-full bg-red-500" />
    </div>
  );
}

/**
 * Where things are on screen, read once when a block starts to move: reading the layout on
 * every move or frame made the browser lay the page out there each time, long tasks at 4×
 * slower. The grid scrolls under the pointer only by the edge scrolling, which keeps count.
 */
type DragGeometry = {
  /** Each column's left and right edge on screen when the move began. */
  columns: { id: number; left: number; right: number }[];
  /** The scroller's visible area for the pointer: below the headings, right of the time column. */
  area: { left: number; top: number; right: number; bottom: number };
  /** Its scroll position when the move began, now, and the furthest it goes. */
  start: { left: number; top: number };
  scroll: { left: number; top: number };
  max: { left: number; top: number };
};

type Drag = {
  item: CalendarItem;
  pointerId: number;
  /** A finger or a pen: it must press and hold before the block lifts. */
  touch: boolean;
  phase: PressPhase;
  originX: number;
  originY: number;
  stylistId: number;
  startMinutes: number;
};

const HOURS = Array.from(
  { length: (GRID_END_MINUTES - GRID_START_MINUTES) / 60 },
  (_, index) => GRID_START_MINUTES + index * 60,
);
const GRID_HEIGHT = GRID_ROWS * ROW_HEIGHT_PX;

/** Whether the stylist works through this slot: a booking's processing part leaves them free (decision 0111). */
function occupies(items: CalendarItem[], stylistId: number, minutes: number) {
  return items.some(
    (item) =>
      item.stylistId === stylistId &&
      item.status !== "cancelled" &&
      item.startMinutes <= minutes &&
      item.endMinutes > minutes &&
      !(
        item.processing &&
        minutes >= item.startMinutes + item.processing[0] &&
        minutes < item.startMinutes + item.processing[1]
      ),
  );
}

/** Cancelled appointments that share time with a live one in the same column: drawn beside it. */
function cancelledBeside(items: CalendarItem[]): Set<number> {
  const beside = new Set<number>();
  for (const item of items) {
    if (item.status !== "cancelled") continue;
    if (
      items.some(
        (other) =>
          other.status !== "cancelled" &&
          other.stylistId === item.stylistId &&
          other.startMinutes < item.endMinutes &&
          other.endMinutes > item.startMinutes,
      )
    )
      beside.add(item.id);
  }
  return beside;
}

/** A block's processing part (decision 0111), drawn lighter behind its text and named for screen readers. */
function ProcessingPart({ item }: { item: CalendarItem }) {
  const clock = useClockFormat();
  if (!item.processing) return null;
  const [from, to] = item.processing;
  const top = (from / SLOT_MINUTES) * ROW_HEIGHT_PX;
  const height = ((to - from) / SLOT_MINUTES) * ROW_HEIGHT_PX;
  return (
    <span className="appt-proc" style={{ top, height }} data-testid="processing-part">
      {" "}
      <em>Processing {spanLabel(item.startMinutes + from, item.startMinutes + to, clock)}</em>
    </span>
  );
}

/** One of a repeat series (decision 0087): a small repeat icon, read as "Repeats". */
/** A booking the client made on the online booking page. */
function OnlineMark() {
  return (
    <span className="appt-online" data-testid="online-mark">
      Online
    </span>
  );
}

/** A sale was taken for it (checkout): "Paid", read with the client's name. */
function PaidMark() {
  return (
    <span className="appt-paid" title="Paid" data-testid="paid-mark">
      Paid<span className="sr-only">: </span>
    </span>
  );
}

function SeriesMark() {
  return (
    <span className="mr-1 inline-block align-[-1px]" title="Repeats" data-testid="series-mark">
      <svg
        viewBox="0 0 16 16"
        className="inline size-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d="M2.5 6.5a5 5 0 0 1 9-2.5M13.5 9.5a5 5 0 0 1-9 2.5" strokeLinecap="round" />
        <path d="M11.5 1.5v2.8H8.7M4.5 14.5v-2.8h2.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="sr-only">Repeats: </span>
    </span>
  );
}

/** The client's patch test falls short for this service (decision 0126): do one at the start. */
function PatchTestMark({ finding }: { finding: PatchTestFinding }) {
  return (
    <span className="appt-patch" title={PATCH_TEST_MARKER[finding]} data-testid="patch-test-mark">
      <span aria-hidden="true">PT</span>
      <span className="sr-only">{PATCH_TEST_MARKER[finding]}: </span>
    </span>
  );
}

/** A line of a visit (several services booked together). */
function VisitMark() {
  return (
    <span className="mr-1 inline-block align-[-1px]" title="Part of a visit" data-testid="visit-mark">
      <svg viewBox="0 0 16 16" className="inline size-3" fill="currentColor" aria-hidden="true">
        <circle cx="4" cy="8" r="2.2" />
        <circle cx="12" cy="8" r="2.2" />
        <rect x="5" y="7.2" width="6" height="1.6" />
      </svg>
      <span className="sr-only">Part of a visit: </span>
    </span>
  );
}

const NONE: CalendarItem[] = [];

/**
 * Each stylist's items. A column whose items are all the same objects as before keeps its
 * array, so its blocks are not drawn again (the screen keeps unchanged items' objects across
 * revalidations: `keepUnchanged`).
 */
function useColumns(items: CalendarItem[]): Map<number, CalendarItem[]> {
  const previous = useRef(new Map<number, CalendarItem[]>());
  return useMemo(() => {
    const columns = new Map<number, CalendarItem[]>();
    for (const item of items) {
      const own = columns.get(item.stylistId);
      if (own) own.push(item);
      else columns.set(item.stylistId, [item]);
    }
    for (const [stylistId, column] of columns) {
      const before = previous.current.get(stylistId);
      if (before?.length === column.length && before.every((item, index) => item === column[index]))
        columns.set(stylistId, before);
    }
    previous.current = columns;
    return columns;
  }, [items]);
}

/** All the grid's links are followed on the client by the page's one listener, keeping the grid's scroll (decision 0131). */
const FOLLOWED = { [CLIENT_NAV]: "keep-scroll" };

type BlocksProps = {
  /** The column's appointments. */
  items: CalendarItem[];
  /** A colleague's column: its blocks open read-only. */
  readOnly: boolean;
  canWrite: boolean;
  editHref: (id: number) => string;
  viewHref: (id: number) => string;
  /** The block a finger has lifted, and the block being moved, when in this column. */
  lifted: number | null;
  dragging: number | null;
};

/**
 * One column's blocks. Drawn again only when that column's data changes or a block in it is
 * lifted or moved, not on every step of a drag elsewhere, nor for a drop or a live update in
 * another column (decisions 0121, 0132). The blocks are plain links: the grid's one click
 * handler opens them.
 */
const Blocks = memo(function Blocks({ items, readOnly, canWrite, editHref, viewHref, lifted, dragging }: BlocksProps) {
  const beside = useMemo(() => cancelledBeside(items), [items]);
  const lanes = useMemo(() => laneLayout(items), [items]);
  return (
    <ul>
      {items.map((item) => {
        const blocked = item.status === "blocked";
        const short = item.endMinutes - item.startMinutes <= SLOT_MINUTES;
        const lane = lanes.get(item.id);
        const classes = cn(
          "appt",
          blocked ? BLOCKED_CLASS : serviceColorClass(item.serviceName, item.serviceColor),
          short && "appt-short",
          item.status === "completed" && "appt-done",
          item.status === "cancelled" && "appt-cancelled",
          item.status === "no_show" && "appt-no-show",
          item.status === "requested" && "appt-requested",
          beside.has(item.id) && "appt-side",
          lane && "appt-lane",
          // Alone in its time, a block with processing leaves room beside it to click for a booking.
          !lane && item.processing && item.status !== "cancelled" && "appt-narrow",
          lifted === item.id && "appt-lifted",
          dragging === item.id && "appt-dragging",
        );
        const position = {
          top: minutesToTop(item.startMinutes),
          "--h": `${blockHeight(item.startMinutes, item.endMinutes) - 2}px`,
          ...(lane ? { "--lane": lane.lane, "--lanes": lane.lanes } : {}),
        } as CSSProperties;
        return (
          <li key={item.id}>
            {readOnly ? (
              // A colleague's block: no drag (no data-id), opens read-only.
              <a href={viewHref(item.id)} data-testid={`appointment-${item.id}`} className={classes} style={position}>
                <AppointmentText item={item} short={short} />
                <ProcessingPart item={item} />
                <span className="sr-only"> (view only)</span>
              </a>
            ) : canWrite ? (
              <a
                href={editHref(item.id)}
                data-id={item.id}
                data-testid={`appointment-${item.id}`}
                className={classes}
                style={position}
              >
                <AppointmentText item={item} short={short} />
                <ProcessingPart item={item} />
              </a>
            ) : (
              // Display screens only look: no link to a dialog they may not open.
              <div data-testid={`appointment-${item.id}`} className={classes} style={position}>
                <AppointmentText item={item} short={short} />
                <ProcessingPart item={item} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
});

/**
 * A block's text, one line each: client (or blocked time's notes), time, then service and
 * status. A 15-minute block shows client and start time on one line; the rest shows on
 * hover and focus and is always read by screen readers.
 */
function AppointmentText({ item, short }: { item: CalendarItem; short: boolean }) {
  const clock = useClockFormat();
  const status = item.lateCancellation ? "Late cancellation" : statusLabel(item.status);
  const detail = [item.status === "blocked" ? null : item.serviceName, status].filter(Boolean).join(" · ");
  return (
    <>
      <b>
        <TimeOffMark item={item} />
        {item.inSeries ? <SeriesMark /> : null}
        {item.inVisit ? <VisitMark /> : null}
        {item.online ? <OnlineMark /> : null}
        {item.patchTest ? <PatchTestMark finding={item.patchTest} /> : null}
        {item.paid ? <PaidMark /> : null}
        {appointmentTitle(item)}
      </b>{" "}
      {short ? <i aria-hidden="true">{clockLabel(item.startMinutes, clock)}</i> : null}
      {short ? (
        <span>
          {spanLabel(item.startMinutes, item.endMinutes, clock)}
          {detail ? ` · ${detail}` : ""}
        </span>
      ) : (
        <>
          <i>{spanLabel(item.startMinutes, item.endMinutes, clock)}</i>
          {/* The space keeps the lines apart in the block's text and name; the flex layout draws
              nothing for it. (A hidden " · " element here cost every tap on the grid half its
              hit-testing: decision 0136.) */}
          {detail ? (
            <>
              {" "}
              <span>{detail}</span>
            </>
          ) : null}
        </>
      )}
    </>
  );
}

/**
 * Drawn again only when its props change: the screen keeps them stable while a dialog opens
 * or closes over the grid (decision 0121).
 */
export const DayGrid = memo(function DayGrid({
  stylists,
  schedules,
  items,
  canWrite,
  editHref,
  viewHref,
  newHref,
  onMove,
  moving,
  openMinutes,
  nowMinutes,
  navigate,
}: Props) {
  const clock = useClockFormat();
  const columns = useRef(new Map<number, HTMLElement>());
  const [drag, setDrag] = useState<Drag | null>(null);
  // The same drag for native listeners and the edge-scrolling frames, which outlive a render,
  // and where the pointer is now (kept out of state: most moves change no slot).
  const dragRef = useRef<Drag | null>(null);
  const pointer = useRef({ x: 0, y: 0 });
  const geometry = useRef<DragGeometry | null>(null);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suppressClick = useRef(false);
  const grid = useRef<HTMLDivElement>(null);
  const timeColumn = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const readOnly = useMemo(
    () => new Set(stylists.filter((stylist) => stylist.readOnly).map((stylist) => stylist.id)),
    [stylists],
  );
  const byStylist = useColumns(items);

  const scroller = () => grid.current?.closest<HTMLElement>("[data-testid=calendar-scroller]") ?? null;
  // A press not yet lifted or moving draws nothing: the grid is drawn again only once it
  // does, so a tap that opens a booking does not draw the grid twice on its way.
  const update = (next: Drag | null) => {
    const drawn = (value: Drag | null) => (value?.phase === "pressed" ? null : value);
    const before = drawn(dragRef.current);
    dragRef.current = next;
    if (!next) geometry.current = null;
    if (before !== drawn(next)) setDrag(drawn(next));
  };
  const stopHold = () => {
    if (holdTimer.current) clearTimeout(holdTimer.current);
    holdTimer.current = null;
  };

  // Start at the opening time (or just before now on today), not at 07:00.
  useEffect(() => {
    const element = scroller();
    if (!element) return;
    const focus = nowMinutes !== null && nowMinutes > openMinutes ? nowMinutes - 60 : openMinutes - 30;
    element.scrollTop = Math.max(0, minutesToTop(focus));
    element.setAttribute("data-scrolled", "true");
    // Only when the day changes, not on every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openMinutes, nowMinutes === null]);

  // A lifted block follows the finger instead of the page panning under it. React listens to
  // touchmove passively, so this listener is the grid's own; it cancels only while a finger
  // holds a block, and a finger that has not held long enough scrolls as usual.
  useEffect(() => {
    const element = grid.current;
    if (!element) return;
    const onTouchMove = (event: TouchEvent) => {
      const current = dragRef.current;
      if (current?.touch && current.phase !== "pressed" && event.cancelable) event.preventDefault();
    };
    element.addEventListener("touchmove", onTouchMove, { passive: false });
    return () => {
      element.removeEventListener("touchmove", onTouchMove);
      stopHold();
    };
  }, []);

  /** What a move reads of the layout, once per drag (see DragGeometry). */
  const measure = (): DragGeometry | null => {
    const element = scroller();
    if (!element) return null;
    const box = element.getBoundingClientRect();
    const headings = grid.current?.querySelector(".col-head")?.getBoundingClientRect().bottom ?? box.top;
    const timeRight = timeColumn.current?.getBoundingClientRect().right ?? box.left;
    const scroll = { left: element.scrollLeft, top: element.scrollTop };
    return {
      columns: [...columns.current]
        .filter(([id]) => !readOnly.has(id))
        .map(([id, column]) => {
          const rect = column.getBoundingClientRect();
          return { id, left: rect.left, right: rect.right };
        }),
      area: {
        left: Math.max(box.left, timeRight),
        top: Math.max(box.top, headings),
        right: box.left + element.clientLeft + element.clientWidth,
        bottom: box.top + element.clientTop + element.clientHeight,
      },
      start: scroll,
      scroll,
      max: {
        left: Math.max(0, element.scrollWidth - element.clientWidth),
        top: Math.max(0, element.scrollHeight - element.clientHeight),
      },
    };
  };

  const follow = (current: Drag) => {
    const at = (geometry.current ??= measure());
    if (!at) return;
    const target = targetAt(pointer.current.x, pointer.current.y, current, at);
    if (
      current.phase === "moving" &&
      target.stylistId === current.stylistId &&
      target.startMinutes === current.startMinutes
    )
      return;
    update({ ...current, phase: "moving", ...target });
  };

  // While a block moves, a pointer near an edge of the scroller scrolls the grid, faster
  // the nearer it is, one step per frame until the drop.
  const dragging = drag?.phase === "moving";
  useEffect(() => {
    const element = scroller();
    if (!dragging || !element) return;
    let frame = requestAnimationFrame(function step() {
      const current = dragRef.current;
      const at = geometry.current;
      if (current?.phase === "moving" && at) {
        const dx = edgeScrollSpeed(pointer.current.x, at.area.left, at.area.right);
        const dy = edgeScrollSpeed(pointer.current.y, at.area.top, at.area.bottom);
        const left = Math.min(at.max.left, Math.max(0, at.scroll.left + dx));
        const top = Math.min(at.max.top, Math.max(0, at.scroll.top + dy));
        if (left !== at.scroll.left || top !== at.scroll.top) {
          at.scroll = { left, top };
          if (dx) element.scrollLeft = left;
          if (dy) element.scrollTop = top;
          follow(current);
        }
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
    // follow and targetAt read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dragging]);

  if (stylists.length === 0) {
    return (
      <p className="p-6 text-sm text-slate-600">
        No stylists yet. An administrator adds stylists under Settings, Staff Accounts.
      </p>
    );
  }

  function targetAt(
    clientX: number,
    clientY: number,
    current: Drag,
    at: DragGeometry,
  ): Pick<Drag, "stylistId" | "startMinutes"> {
    let stylistId = current.stylistId;
    // The columns have moved left by as much as the grid has scrolled right since.
    const shift = at.scroll.left - at.start.left;
    for (const column of at.columns)
      if (clientX >= column.left - shift && clientX < column.right - shift) stylistId = column.id;
    // The block follows the pointer vertically (and the grid when it scrolls under it) and
    // snaps to the nearest 15-minute row.
    const length = current.item.endMinutes - current.item.startMinutes;
    const scrolled = at.scroll.top - at.start.top;
    const top = minutesToTop(current.item.startMinutes) + (clientY - current.originY) + scrolled;
    const lastRow = Math.floor((GRID_END_MINUTES - length - GRID_START_MINUTES) / SLOT_MINUTES);
    const row = Math.min(lastRow, Math.max(0, Math.round(top / ROW_HEIGHT_PX)));
    return { stylistId, startMinutes: GRID_START_MINUTES + row * SLOT_MINUTES };
  }

  const blockOf = (target: EventTarget) =>
    target instanceof Element ? target.closest<HTMLElement>("[data-id]") : null;

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    suppressClick.current = false;
    const block = blockOf(event.target);
    const item = block ? byId.get(Number(block.dataset.id)) : undefined;
    if (!block || !item || !canWrite || moving || item.status === "blocked" || event.button !== 0 || !event.isPrimary)
      return;
    const touch = event.pointerType === "touch" || event.pointerType === "pen";
    block.setPointerCapture(event.pointerId);
    pointer.current = { x: event.clientX, y: event.clientY };
    const pressed: Drag = {
      item,
      pointerId: event.pointerId,
      touch,
      phase: "pressed",
      originX: event.clientX,
      originY: event.clientY,
      stylistId: item.stylistId,
      startMinutes: item.startMinutes,
    };
    update(pressed);
    stopHold();
    if (touch) {
      holdTimer.current = setTimeout(() => {
        holdTimer.current = null;
        const current = dragRef.current;
        if (current && current.pointerId === pressed.pointerId)
          update({ ...current, phase: phaseAfterHold(current.phase) });
      }, HOLD_MS);
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current || event.pointerId !== current.pointerId) return;
    pointer.current = { x: event.clientX, y: event.clientY };
    const phase = phaseAfterMove(
      current.phase,
      current.touch,
      Math.hypot(event.clientX - current.originX, event.clientY - current.originY),
    );
    if (phase === null) {
      // A finger moving before the hold ends: the browser scrolls the grid.
      stopHold();
      update(null);
    } else if (phase === "moving") follow(current);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const finished = dragRef.current;
    if (!finished || event.pointerId !== finished.pointerId) return;
    stopHold();
    update(null);
    if (finished.phase === "pressed") return;
    // A lifted block put down where it was, or a move: neither opens the block's dialog.
    suppressClick.current = true;
    if (
      finished.phase === "moving" &&
      (finished.stylistId !== finished.item.stylistId || finished.startMinutes !== finished.item.startMinutes)
    ) {
      onMove({ item: finished.item, stylistId: finished.stylistId, startMinutes: finished.startMinutes });
    }
  };

  const onPointerCancel = () => {
    stopHold();
    update(null);
  };

  // The grid's links are followed by the page's one listener (useClientLinks), after this:
  // the click that ends a lift or a move opens nothing.
  const onGridClick = (event: ReactMouseEvent<HTMLElement>) => {
    if (!suppressClick.current || !(event.target instanceof Element) || !event.target.closest("a[href]")) return;
    suppressClick.current = false;
    event.preventDefault();
  };

  const onColumnClick = (event: React.MouseEvent<HTMLDivElement>, stylistId: number) => {
    if (!canWrite || readOnly.has(stylistId) || event.target !== event.currentTarget) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const minutes = slotAt(event.clientY - rect.top);
    // SPEC §2: a click on an occupied slot does nothing.
    if (occupies(items, stylistId, minutes)) return;
    navigate(newHref(stylistId, minutes), { preventScrollReset: true });
  };

  return (
    <div
      ref={grid}
      className="relative"
      data-testid="day-grid"
      {...FOLLOWED}
      onClick={onGridClick}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      // A long press would open the link's menu (and select text) on a touch screen.
      onContextMenu={(event) => dragRef.current?.touch && event.preventDefault()}
      onDragStart={(event) => event.preventDefault()}
    >
      {/* Said once a finger's hold lifts a block (the toast tells how the move ended). */}
      <p className="sr-only" aria-live="polite">
        {drag?.phase === "lifted"
          ? `${appointmentTitle(drag.item)} picked up. Move your finger to another time or stylist and lift it there.`
          : ""}
      </p>
      <div
        className="grid min-w-full"
        style={{ gridTemplateColumns: `4.5rem repeat(${stylists.length}, minmax(9rem, 1fr))` }}
      >
        <div className="sticky top-0 left-0 z-30 border-b border-slate-200 bg-white" />
        {stylists.map((stylist) => (
          <div key={stylist.id} className="col-head">
            {stylist.name}
            {stylist.readOnly ? <span className="col-sub">(view only)</span> : null}
            {schedules?.[stylist.id] && schedules[stylist.id]!.isWorking && !schedules[stylist.id]!.timeOff ? (
              <span className="col-sub">
                {`${formatClockTime(schedules[stylist.id]!.startTime, clock)}–${formatClockTime(schedules[stylist.id]!.endTime, clock)}`}
              </span>
            ) : null}
          </div>
        ))}

        <div
          ref={timeColumn}
          data-testid="time-column"
          className="sticky left-0 z-27 bg-white"
          style={{ height: GRID_HEIGHT }}
          aria-hidden="true"
        >
          {HOURS.map((minutes) => (
            <div key={minutes} className="hour-label" style={{ top: minutesToTop(minutes) }}>
              {minutes === GRID_START_MINUTES ? (
                <span className="translate-y-2 inline-block">{clockLabel(minutes, clock)}</span>
              ) : (
                clockLabel(minutes, clock)
              )}
            </div>
          ))}
        </div>

        {stylists.map((stylist) => {
          const own = byStylist.get(stylist.id) ?? NONE;
          const writable = canWrite && !stylist.readOnly;
          const ghost = drag?.phase === "moving" && drag.stylistId === stylist.id ? drag : null;
          return (
            <section
              key={stylist.id}
              ref={(element) => {
                if (element) columns.current.set(stylist.id, element);
                else columns.current.delete(stylist.id);
              }}
              id={`stylist-${stylist.id}`}
              aria-label={`${stylist.name}'s appointments`}
              className="col"
              style={{ height: GRID_HEIGHT }}
            >
              {writable ? (
                <a href={newHref(stylist.id)} className="col-new">
                  {`New booking with ${stylist.name}`}
                </a>
              ) : null}
              <div
                data-testid={`column-${stylist.id}`}
                className={writable ? "col-bg cursor-pointer" : "col-bg"}
                onClick={(event) => onColumnClick(event, stylist.id)}
              >
                <OffHours schedule={schedules?.[stylist.id]} />
              </div>
              <Blocks
                items={own}
                readOnly={!!stylist.readOnly}
                canWrite={canWrite}
                editHref={editHref}
                viewHref={viewHref}
                lifted={drag?.phase === "lifted" && drag.item.stylistId === stylist.id ? drag.item.id : null}
                dragging={drag?.phase === "moving" && drag.item.stylistId === stylist.id ? drag.item.id : null}
              />
              {nowMinutes !== null ? <NowLine minutes={nowMinutes} /> : null}
              {ghost ? (
                <div
                  aria-hidden="true"
                  data-testid="drag-ghost"
                  className={cn(
                    "pointer-events-none absolute right-1 left-1 z-20 rounded-md border-2 border-dashed border-brand-700 bg-brand-50/80 px-2 py-1 text-xs font-semibold text-brand-800",
                    ghost.touch && "shadow-lg",
                  )}
                  style={{
                    top: minutesToTop(ghost.startMinutes),
                    height:
                      blockHeight(
                        ghost.startMinutes,
                        ghost.startMinutes + (ghost.item.endMinutes - ghost.item.startMinutes),
                      ) - 2,
                  }}
                >
                  {clockLabel(ghost.startMinutes, clock)}
                </div>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
});
