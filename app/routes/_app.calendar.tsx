import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useFetcher, useLoaderData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { CalendarHeader } from "~/components/calendar/calendar-header";
import { DayGrid, type MoveRequest } from "~/components/calendar/day-grid";
import { MonthView, WeekView } from "~/components/calendar/period-views";
import { PanelToggles, SidePanel, type PanelPreference } from "~/components/calendar/side-panel";
import { StylistSwitcher } from "~/components/calendar/stylist-switcher";
import { WeekStrip } from "~/components/calendar/week-strip";
import { formErrorsOf } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import { moveAppointment } from "~/domain/appointments.server";
import { moveVisit } from "~/domain/visits.server";
import { VisitScopeSchema } from "~/lib/schemas/appointments";
import { Button } from "~/components/ui/button";
import { loadCalendar, type CalendarItem } from "~/domain/calendar.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { CALENDAR_VIEWS, minutesToClock, rangeLabel, VIEW_LABELS } from "~/lib/calendar";
import { keepUnchanged, packItems, packWeekItems, unpackItems, unpackWeekItems } from "~/lib/calendar-items";
import { isCalendarDate, isClockTime, zonedToUtc } from "~/lib/salon-time";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { readPanelPreference } from "~/utils/calendar-panel.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";
import { useOnline } from "~/hooks/use-online";
import { useWallScreen } from "~/hooks/use-wall-screen";
import { WaitlistStrip } from "~/components/calendar/waitlist-strip";
import { waitlistFits } from "~/domain/waitlist-calendar.server";
import { loadRoutesAhead, warmTimeZone } from "~/lib/dialogs-ahead";

export const meta: MetaFunction<typeof loader> = ({ data: calendar }) => [
  {
    title: calendar
      ? `${VIEW_LABELS[calendar.view]} Schedule · ${rangeLabel(calendar.view, calendar.date)}`
      : "Calendar",
  },
];

const QuerySchema = z.object({
  view: z.enum(CALENDAR_VIEWS).catch("day"),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  /** The Week view's switcher: the stylist it shows when there are too many to draw at once. */
  stylist: z.coerce.number().int().positive().optional().catch(undefined),
});

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "calendar.view");
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const calendar = await loadCalendar(user, {
    view: query.view,
    date: query.date,
    query: query.q,
    stylistId: query.stylist,
  });
  return {
    ...calendar,
    waitlist: calendar.view === "day" ? await waitlistFits(user, calendar.date, calendar.canWrite) : [],
    items: calendar.view === "day" ? packItems(calendar.items, calendar.date) : [],
    weekItems: calendar.view === "week" ? packWeekItems(calendar.items, calendar.first, calendar.legend) : [],
    panelPreference: readPanelPreference(request),
  };
});

const MoveSchema = z.object({
  intent: z.literal("move"),
  id: z.coerce.number().int().positive(),
  stylistId: z.coerce.number().int().positive(),
  date: z.string().refine(isCalendarDate),
  time: z.string().refine(isClockTime),
  visitScope: VisitScopeSchema,
  /** Set by the toast's Undo: the client was not told of the move yet, so is not told of this either. */
  undo: z.literal("1").optional(),
});

// Drag and drop posts here (with JavaScript only; without it the edit form moves).
export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  return formAction(
    request,
    MoveSchema,
    async ({ id, date, time, stylistId, visitScope, undo }) => {
      const { timeZone } = await getGlobalSettings();
      // A drag offers Undo (its e-mail to the client waits for it); the Undo takes it back.
      const move = { start: zonedToUtc(date, time, timeZone), stylistId, undo: undo ? "taken" : "offered" } as const;
      // A line of a visit with "The whole visit": the other lines follow (decision 0109).
      if (visitScope === "visit") await moveVisit(user, id, move);
      else await moveAppointment(user, id, move);
      return { intent: "move", moved: true as const };
    },
    { failure: (error) => error.message },
  );
});

type Override = Pick<CalendarItem, "stylistId" | "startMinutes" | "endMinutes">;

/**
 * Optimistic moves: shown at once, rolled back with SPEC's toast if the server refuses. A
 * move's toast offers Undo, which posts the move back to the previous stylist and time
 * through the same action (checked like any move).
 */
function useMoves() {
  const fetcher = useFetcher<typeof action>();
  const [pending, setPending] = useState<{ id: number; override: Override; back: MoveRequest; undo: boolean } | null>(
    null,
  );

  const submit = (request: MoveRequest, undo: boolean) => {
    const { item, stylistId, startMinutes } = request;
    const override = { stylistId, startMinutes, endMinutes: startMinutes + (item.endMinutes - item.startMinutes) };
    const back = {
      item: { ...item, ...override },
      stylistId: item.stylistId,
      startMinutes: item.startMinutes,
      visitScope: request.visitScope,
    };
    setPending({ id: item.id, override, back, undo });
    fetcher.submit(
      {
        intent: "move",
        id: String(item.id),
        stylistId: String(stylistId),
        date: item.date,
        time: minutesToClock(startMinutes),
        visitScope: request.visitScope ?? "line",
        ...(undo ? { undo: "1" } : {}),
      },
      { method: "post", action: "/calendar" },
    );
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !pending || !fetcher.data) return;
    if ("moved" in fetcher.data) {
      if (pending.undo)
        showToast({ title: "Move undone", description: "The appointment is back at its previous time and stylist." });
      else
        showToast({
          title: "Appointment moved",
          description: "The appointment has been successfully moved.",
          action: { label: "Undo", onClick: () => submit(pending.back, true) },
        });
    } else {
      const reason = formErrorsOf(fetcher.data.result)[0] ?? "That move is not valid.";
      if (pending.undo)
        showToast({
          title: "Failed to undo move",
          description: `The appointment could not be moved back. ${reason}`,
          variant: "destructive",
        });
      else
        showToast({
          title: "Failed to move appointment",
          // A refusal (a taken slot, hours off) would refuse again: say why, not "try again".
          description: `The appointment could not be moved there: ${reason} It stays where it was; choose a free time.`,
          variant: "destructive",
        });
    }
    setPending(null);
    // submit only reads the fetcher, which keeps its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, pending]);

  // One move function for the screen's lifetime (the grid keeps its props while dialogs come and go).
  const latest = useRef(submit);
  latest.current = submit;
  const move = useCallback((request: MoveRequest) => latest.current(request, false), []);
  return { move, pending, busy: fetcher.state !== "idle" };
}

export const shouldRevalidate = revalidateOnOwnParams(["view", "date", "q", "stylist"]);

// The screen draws only its loader data: tablets showing the same view share one render (decision 0089).
export const handle = { renderOnce: true };

export default function CalendarScreen() {
  const calendar = useLoaderData<typeof loader>();
  const { view, date, today, query, stylists, panel, weekStylistId } = calendar;
  // Offline (decision 0124): no drag, no new booking; the banner says why. The display
  // account's wall screen stays awake and moves on at midnight (decision 0125).
  const online = useOnline();
  const canWrite = calendar.canWrite && online;
  const role = useRouteLoaderData<{ user: { role: string } }>("routes/_app")?.user.role;
  useWallScreen({ active: role === "display", today, timeZone: calendar.timeZone });
  const { move, pending, busy } = useMoves();
  // Dropping a line of a visit asks "This service only / The whole visit" first.
  const [asking, setAsking] = useState<MoveRequest | null>(null);
  const onMove = useCallback(
    (request: MoveRequest) => (request.item.inVisit ? setAsking(request) : move(request)),
    [move],
  );
  const [panelPreference, setPanelPreference] = useState<PanelPreference>(calendar.panelPreference);
  const changePanel = useCallback((next: PanelPreference) => setPanelPreference(next), []);
  // Blocks that did not change keep their objects across revalidations (drawn again only if changed).
  const lastLoaded = useRef<CalendarItem[]>([]);
  const loaded = useMemo(
    () => (lastLoaded.current = keepUnchanged(lastLoaded.current, unpackItems(calendar.items, date))),
    [calendar.items, date],
  );
  const items = useMemo(
    () => loaded.map((item) => (pending && pending.id === item.id ? { ...item, ...pending.override } : item)),
    [loaded, pending],
  );

  const weekItems = useMemo(
    () => unpackWeekItems(calendar.weekItems, calendar.first, calendar.legend),
    [calendar.weekItems, calendar.first, calendar.legend],
  );
  const keep = new URLSearchParams({
    view,
    date,
    ...(query ? { q: query } : {}),
    ...(weekStylistId ? { stylist: String(weekStylistId) } : {}),
  }).toString();
  // Stable while the view, day and search stay: the grid is not drawn again when a dialog opens.
  const editHref = useCallback((id: number) => `/calendar/appointments/${id}?${keep}`, [keep]);
  const viewHref = useCallback((id: number) => `/calendar/colleague/${id}?${keep}`, [keep]);
  const newHref = useCallback(
    (stylistId?: number, startMinutes?: number) => {
      const params = new URLSearchParams({ view, date });
      if (stylistId) params.set("stylistId", String(stylistId));
      if (startMinutes !== undefined) params.set("time", minutesToClock(startMinutes));
      return `/calendar/appointments/new?${params}`;
    },
    [view, date],
  );
  const navigate = useNavigate();
  // The header is drawn again only when its props change: the toggle is kept between renders.
  const panelToggle = useMemo(
    () => (panel ? <PanelToggles preference={panelPreference} onChange={changePanel} /> : null),
    [panel, panelPreference, changePanel],
  );
  useDialogsAhead(canWrite);
  useEffect(() => warmTimeZone(calendar.timeZone), [calendar.timeZone]);

  // The same element while the screen's own data and state stay: the router's steps in opening
  // and closing a dialog (its "loading" state, the new address) draw this component again, but
  // none of the screen below it. The dialog comes through <Outlet />, which follows the route.
  return useMemo(
    () => (
      <div className="relative flex h-[calc(100dvh-3.5rem)] md:h-dvh">
        <main className="flex min-w-0 flex-1 flex-col">
          <CalendarHeader
            view={view}
            date={date}
            today={today}
            query={query}
            stylist={weekStylistId}
            newBookingHref={canWrite ? newHref(stylists.length === 1 ? stylists[0]!.id : undefined) : null}
            panelToggle={panelToggle}
          />
          <WeekStrip view={view} date={date} today={today} query={query} stylist={weekStylistId} />
          {query ? (
            <p className="border-b border-slate-200 bg-amber-50 px-4 py-1.5 text-sm text-amber-900">
              Showing appointments for clients matching “{query}”.{" "}
              <a href={`/calendar?${new URLSearchParams({ view, date })}`} className="font-semibold underline">
                Show all
              </a>
            </p>
          ) : null}
          <WaitlistStrip fits={calendar.waitlist} />
          {view === "day" && stylists.length > 1 ? <StylistSwitcher stylists={stylists} /> : null}
          {/* Focusable so the keyboard can scroll it when it holds no links (display accounts);
            isolated so the grid's sticky layers stay below the menu and the panel. */}
          <div
            className="isolate min-h-0 flex-1 overflow-auto bg-slate-50"
            data-testid="calendar-scroller"
            tabIndex={0}
            role="region"
            aria-label={`${VIEW_LABELS[view]} schedule`}
          >
            {view === "day" ? (
              <DayGrid
                key={date}
                stylists={stylists}
                schedules={calendar.schedules}
                items={items}
                canWrite={canWrite}
                editHref={editHref}
                viewHref={viewHref}
                newHref={newHref}
                onMove={onMove}
                moving={busy}
                openMinutes={calendar.openMinutes}
                nowMinutes={date === today ? calendar.nowMinutes : null}
                navigate={navigate}
              />
            ) : view === "week" ? (
              <WeekView {...calendar} canWrite={canWrite} items={weekItems} editHref={editHref} viewHref={viewHref} />
            ) : (
              <MonthView {...calendar} />
            )}
          </div>
        </main>
        {panel ? (
          <SidePanel
            today={today}
            preference={panelPreference}
            onChange={changePanel}
            stats={panel.stats}
            upcoming={panel.upcoming}
            legend={calendar.legend}
            editHref={editHref}
            allHref={`/calendar/upcoming?${keep}`}
          />
        ) : null}
        {asking ? (
          <VisitMoveQuestion
            onAnswer={(visitScope) => {
              if (visitScope) move({ ...asking, visitScope });
              setAsking(null);
            }}
          />
        ) : null}
        <Outlet />
      </div>
    ),
    [
      asking,
      busy,
      calendar,
      canWrite,
      changePanel,
      date,
      editHref,
      items,
      keep,
      move,
      navigate,
      newHref,
      onMove,
      panel,
      panelPreference,
      panelToggle,
      query,
      stylists,
      today,
      view,
      viewHref,
      weekItems,
      weekStylistId,
    ],
  );
}

const DIALOG_ROUTES = [
  "routes/_app.calendar.appointments.$appointmentId",
  "routes/_app.calendar.appointments.new",
  "routes/_app.calendar.colleague.$appointmentId",
];

/**
 * A tap on a block or a free slot fetches only the dialog's data (decisions 0122, 0131): the
 * dialogs' code is loaded and run while the screen is idle. Display accounts open no dialog.
 */
function useDialogsAhead(canWrite: boolean) {
  useEffect(() => (canWrite ? loadRoutesAhead(DIALOG_ROUTES) : undefined), [canWrite]);
}

/** The question a drop of a visit's line asks (with JavaScript; without it the edit form asks). */
function VisitMoveQuestion({ onAnswer }: { onAnswer: (scope: "line" | "visit" | null) => void }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="visit-move-title"
        aria-describedby="visit-move-text"
        className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl"
        onKeyDown={(event) => {
          if (event.key === "Escape") onAnswer(null);
        }}
      >
        <h2 id="visit-move-title" className="text-base font-semibold text-slate-900">
          Move this service only, or the whole visit?
        </h2>
        <p id="visit-move-text" className="mt-1 text-sm text-slate-700">
          The whole visit: its other services move by as much, each with its own stylist.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onAnswer(null)}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => onAnswer("line")}>
            This service only
          </Button>
          <Button autoFocus onClick={() => onAnswer("visit")}>
            The whole visit
          </Button>
        </div>
      </div>
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
