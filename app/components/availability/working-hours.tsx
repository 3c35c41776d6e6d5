// The Working Hours card (SPEC §2 Availability). Without JavaScript each day is a small
// form with a Save button; with JavaScript a change saves at once through a fetcher, shows
// optimistically, and falls back to the stored value (with a toast) when it fails.
import { useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { controlClasses, ErrorList, replyMessage, type FailedReply } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { cn } from "~/lib/cn";
import { formatClockTime } from "~/lib/salon-time";
import { END_TIMES, START_TIMES, type ScheduleMode } from "~/lib/working-hours";
import { useClockFormat } from "~/components/ui/clock-format";

type DayEntry = { dayOfWeek: number; isWorking: boolean; startTime: string; endTime: string };
type Failure = FailedReply & { dayOfWeek?: number };

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const dayName = (dayOfWeek: number) => DAY_NAMES[(dayOfWeek - 1) % 7]!;
const FAILED = "Failed to update availability";

/** The stored time stays selectable even when it is not one of the hourly choices. */
function withCurrent(options: string[], current: string) {
  return options.includes(current) ? options : [...options, current].sort();
}

/** An hourly dropdown; with JavaScript, times that would put the end before the start are disabled. */
function TimeSelect({
  name,
  label,
  value,
  options,
  unavailable,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: string[];
  unavailable: (time: string) => boolean;
  onChange: (time: string) => void;
}) {
  // The salon's clock, as everywhere else (SPEC lists the hours as 7:00 to 21:00).
  const clock = useClockFormat();
  return (
    <select
      name={name}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      className={cn(controlClasses, clock === "12h" ? "w-32" : "w-24")}
    >
      {withCurrent(options, value).map((time) => (
        <option key={time} value={time} disabled={unavailable(time)}>
          {formatClockTime(time, clock)}
        </option>
      ))}
    </select>
  );
}

function pendingDay(formData: FormData | undefined, day: DayEntry): DayEntry {
  if (!formData) return day;
  return {
    dayOfWeek: day.dayOfWeek,
    isWorking: formData.get("isWorking") === "on",
    startTime: String(formData.get("startTime") ?? day.startTime),
    endTime: String(formData.get("endTime") ?? day.endTime),
  };
}

function DayRow({
  day,
  stylistId,
  biweekly,
  pageFailure,
}: {
  day: DayEntry;
  stylistId: number;
  biweekly: boolean;
  pageFailure: Failure | undefined;
}) {
  const fetcher = useFetcher<Failure>();
  const hydrated = useHydrated();
  const failure =
    fetcher.data ??
    (pageFailure?.intent === "day" && pageFailure.dayOfWeek === day.dayOfWeek ? pageFailure : undefined);
  useFailureToast(fetcher.data, fetcher.data ? `${FAILED}: ${replyMessage(fetcher.data)}` : null);
  const shown = pendingDay(fetcher.formData, day);
  const name = dayName(day.dayOfWeek);
  const label = biweekly ? `${name}, day ${day.dayOfWeek}` : name;

  const save = (changes: Partial<DayEntry>) => {
    const next = { ...shown, ...changes };
    const formData = new FormData();
    formData.set("intent", "day");
    formData.set("stylistId", String(stylistId));
    formData.set("dayOfWeek", String(day.dayOfWeek));
    if (next.isWorking) formData.set("isWorking", "on");
    formData.set("startTime", next.startTime);
    formData.set("endTime", next.endTime);
    fetcher.submit(formData, { method: "post", preventScrollReset: true });
  };

  return (
    <li>
      <fetcher.Form method="post" preventScrollReset className="group flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
        <input type="hidden" name="intent" value="day" />
        <input type="hidden" name="stylistId" value={stylistId} />
        <input type="hidden" name="dayOfWeek" value={day.dayOfWeek} />
        <div className="flex w-44 items-center gap-3">
          <Switch
            name="isWorking"
            checked={shown.isWorking}
            onChange={(event) => save({ isWorking: event.currentTarget.checked })}
            aria-label={`Working on ${label}`}
          />
          <div>
            <p className="text-sm font-medium text-slate-900">{name}</p>
            {biweekly ? <p className="text-xs text-slate-600">Day {day.dayOfWeek}</p> : null}
          </div>
        </div>
        {/* Shown while the switch is on; CSS decides, so it follows the switch without JavaScript too. */}
        <div className="hidden items-center gap-2 group-has-[input[role=switch]:checked]:flex">
          <TimeSelect
            name="startTime"
            label={`Start time on ${label}`}
            value={shown.startTime}
            options={START_TIMES}
            unavailable={(time) => hydrated && time >= shown.endTime}
            onChange={(startTime) => save({ startTime })}
          />
          <span className="text-sm text-slate-600">to</span>
          <TimeSelect
            name="endTime"
            label={`End time on ${label}`}
            value={shown.endTime}
            options={END_TIMES}
            unavailable={(time) => hydrated && time <= shown.startTime}
            onChange={(endTime) => save({ endTime })}
          />
        </div>
        <p className="text-sm text-slate-600 group-has-[input[role=switch]:checked]:hidden">Not working</p>
        {hydrated ? null : (
          <Button type="submit" variant="secondary" className="min-h-9 px-3" aria-label={`Save ${label}`}>
            Save
          </Button>
        )}
        {failure ? (
          <div role="alert" className="w-full">
            <ErrorList errors={[`${FAILED}: ${replyMessage(failure)}`]} />
          </div>
        ) : null}
      </fetcher.Form>
    </li>
  );
}

export function ModeToggle({
  mode,
  stylistId,
  pageFailure,
}: {
  mode: ScheduleMode;
  stylistId: number;
  pageFailure: Failure | undefined;
}) {
  const fetcher = useFetcher<Failure>();
  useFailureToast(fetcher.data, fetcher.data ? `${FAILED}: ${replyMessage(fetcher.data)}` : null);
  const shown = (fetcher.formData?.get("scheduleMode") as ScheduleMode | null) ?? mode;
  const failure = fetcher.data ?? (pageFailure?.intent === "mode" ? pageFailure : undefined);
  const option = (value: ScheduleMode, text: string) => (
    <button
      type="submit"
      name="scheduleMode"
      value={value}
      aria-pressed={shown === value}
      className={cn(
        "rounded-md px-3 py-1.5 text-sm font-semibold",
        shown === value
          ? "bg-white text-brand-800 shadow-sm ring-1 ring-slate-200"
          : "text-slate-700 hover:text-slate-900",
      )}
    >
      {text}
    </button>
  );
  return (
    <div>
      <fetcher.Form
        method="post"
        preventScrollReset
        className="inline-flex gap-1 rounded-lg bg-slate-100 p-1"
        aria-label="Schedule type"
      >
        <input type="hidden" name="intent" value="mode" />
        <input type="hidden" name="stylistId" value={stylistId} />
        {option("weekly", "Weekly Schedule")}
        {option("biweekly", "Bi-Weekly Schedule")}
      </fetcher.Form>
      {failure ? <ErrorList errors={[`${FAILED}: ${replyMessage(failure)}`]} /> : null}
    </div>
  );
}

export function ScheduleDays({
  days,
  stylistId,
  biweekly,
  pageFailure,
}: {
  days: DayEntry[];
  stylistId: number;
  biweekly: boolean;
  pageFailure: Failure | undefined;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {days.map((day) => (
        <DayRow key={day.dayOfWeek} day={day} stylistId={stylistId} biweekly={biweekly} pageFailure={pageFailure} />
      ))}
    </ul>
  );
}
