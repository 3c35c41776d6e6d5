import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { ModeToggle, ScheduleDays } from "~/components/availability/working-hours";
import { PageHeader } from "~/components/shell/app-shell";
import { StylistList } from "~/components/services/stylist-list";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import {
  daysInMode,
  getAvailability,
  listTimeOff,
  saveAvailabilityDay,
  setScheduleMode,
} from "~/domain/availability.server";
import type { DomainError } from "~/domain/errors";
import { can } from "~/domain/permissions";
import { getGlobalSettings } from "~/domain/settings.server";
import { listVisibleStylists, resolveManagedStylist } from "~/domain/stylists.server";
import { formatLongDate, rotaWeek, todayInZone, weekStart } from "~/lib/salon-time";
import { timeOffRange } from "~/lib/time-off";
import { AvailabilityDayFormSchema, ScheduleModeSchema } from "~/lib/schemas/availability";
import { formAction } from "~/utils/form-action.server";
import { page, parseId, parseOptionalId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "My Availability" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  const chooser = can(user.role, "stylists.viewAll");
  const selected = await resolveManagedStylist(
    user,
    "availability.manage",
    parseOptionalId(new URL(request.url).searchParams.get("stylist")),
  );
  const [{ timeZone, clockFormat }, stylists, availability, timeOff] = await Promise.all([
    getGlobalSettings(),
    chooser ? listVisibleStylists(user) : [],
    selected ? getAvailability(user, selected.id) : null,
    selected ? listTimeOff(user, selected.id) : [],
  ]);
  const today = todayInZone(timeZone);
  return {
    chooser,
    stylists,
    selected,
    scheduleMode: availability?.stylist.scheduleMode ?? "weekly",
    days: availability ? daysInMode(availability.days, availability.stylist.scheduleMode) : [],
    timeOff,
    clockFormat,
    today,
    thisWeek: { number: rotaWeek(today), monday: weekStart(today) },
  };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  const formData = await readFormData(request, formLimit(ScheduleModeSchema, AvailabilityDayFormSchema));
  const stylistId = parseId(String(formData.get("stylistId") ?? ""));
  // Every day of the week is its own small form: the reply names which one failed.
  const options = {
    echo: { dayOfWeek: Number(formData.get("dayOfWeek")) || undefined },
    failure: (error: DomainError) => error.message,
  };
  const saved = (description: string) =>
    redirectWithToast(`/availability?stylist=${stylistId}`, { title: "Success", description });
  if (formData.get("intent") === "mode") {
    return formAction(
      formData,
      ScheduleModeSchema,
      async ({ scheduleMode }) => {
        await setScheduleMode(user, { stylistId, scheduleMode });
        return saved("Schedule type updated.");
      },
      options,
    );
  }
  return formAction(
    formData,
    AvailabilityDayFormSchema,
    async (value) => {
      await saveAvailabilityDay(user, { ...value, stylistId });
      return saved("Availability updated.");
    },
    options,
  );
});

function TimeOffCard({ stylistQuery }: { stylistQuery: string }) {
  const { timeOff, today, clockFormat } = useLoaderData<typeof loader>();
  return (
    <Card>
      <CardHeader
        title="Time Off & Holidays"
        description="Days away (first and last day included) or hours of one day. No bookings are taken in them."
      >
        <Link to={`/availability/time-off/new${stylistQuery}`} className={buttonClasses("primary")} preventScrollReset>
          <span aria-hidden="true">+</span> Add Time Off
        </Link>
      </CardHeader>
      {timeOff.length === 0 ? (
        <EmptyState title="No time off scheduled" />
      ) : (
        <div
          role="region"
          aria-label="Scheduled time off"
          tabIndex={0}
          className="max-h-[600px] overflow-y-auto rounded-md"
        >
          <ul className="divide-y divide-slate-100">
            {timeOff.map((period) => {
              const range = timeOffRange(period, clockFormat);
              return (
                <li key={period.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">
                      {range} {period.endDate < today ? <Badge className="ml-1">Past</Badge> : null}
                    </p>
                    {period.reason ? <p className="text-sm text-slate-600">{period.reason}</p> : null}
                  </div>
                  <Link
                    to={`/availability/time-off/${period.id}/delete${stylistQuery}`}
                    preventScrollReset
                    aria-label={`Delete time off ${range}`}
                    title="Delete time off"
                    className="shrink-0 rounded-md p-2 text-slate-600 hover:bg-red-50 hover:text-red-700"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      className="size-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.75"
                    >
                      <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Card>
  );
}

export const shouldRevalidate = revalidateOnOwnParams(["stylist"]);

export default function AvailabilityPage() {
  const { chooser, stylists, selected, scheduleMode, days, thisWeek } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const stylistQuery = selected && chooser ? `?stylist=${selected.id}` : "";
  const biweekly = scheduleMode === "biweekly";
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="My Availability" description="Manage your working hours and time off" />
      {chooser ? (
        <div className="mb-6">
          <StylistList
            stylists={stylists}
            selectedId={selected?.id ?? null}
            heading="Select a stylist to manage their availability"
            empty="No stylists yet. Add stylists under Settings → Staff Accounts."
          />
        </div>
      ) : null}
      {selected ? (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card>
            <CardHeader
              title="Working Hours"
              description={chooser ? `${selected.name}'s hours for bookings` : "When you take bookings"}
            >
              <ModeToggle key={scheduleMode} mode={scheduleMode} stylistId={selected.id} pageFailure={actionData} />
            </CardHeader>
            {biweekly ? (
              <>
                <p className="mb-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
                  This week is Week {thisWeek.number} (the week of {formatLongDate(thisWeek.monday)}). Weeks alternate
                  from Monday, January 5, 1970, which was a Week 1.
                </p>
                {[1, 2].map((week) => (
                  <section key={week} aria-labelledby={`week-${week}`} className="mt-4">
                    <h3 id={`week-${week}`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                      Week {week} {week === thisWeek.number ? <Badge tone="brand">This week</Badge> : null}
                    </h3>
                    <ScheduleDays
                      days={days.filter((day) => (week === 1 ? day.dayOfWeek <= 7 : day.dayOfWeek > 7))}
                      stylistId={selected.id}
                      biweekly
                      pageFailure={actionData}
                    />
                  </section>
                ))}
              </>
            ) : (
              <ScheduleDays days={days} stylistId={selected.id} biweekly={false} pageFailure={actionData} />
            )}
          </Card>
          <TimeOffCard stylistQuery={stylistQuery} />
        </div>
      ) : (
        <EmptyState title="Select a Stylist">
          <p>Choose a stylist to manage their working hours and time off.</p>
        </EmptyState>
      )}
      <Outlet />
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
