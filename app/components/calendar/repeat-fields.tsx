// Repeat bookings in the booking dialog (decision 0087): the Repeat section of a new
// booking, the server's list of the dates it would book, and the "This appointment only /
// This and following" choice for an occurrence of a series. All plain form controls, so
// they work without JavaScript.
import { useEffect, useRef, type ReactNode } from "react";
import { ErrorList, Field, SelectField } from "~/components/ui/field";
import type { OccurrencePreview } from "~/lib/schemas/appointments";
import { MAX_EVERY_WEEKS, MAX_OCCURRENCES } from "~/lib/repeat";
import { formatClockTime, formatLongDate } from "~/lib/salon-time";
import { useClockFormat } from "~/components/ui/clock-format";

type FieldState = { name: string; id: string; initialValue?: unknown; errors?: string[] };

type RepeatProps = {
  fields: {
    repeat: FieldState;
    repeatEvery: FieldState;
    repeatEnds: FieldState;
    repeatCount: FieldState;
    repeatUntil: FieldState;
  };
  /** Whether the ticked section's details show (always without JavaScript). */
  open: boolean;
  onToggle: (checked: boolean) => void;
  hydrated: boolean;
};

const text = (value: unknown, fallback: string) => (typeof value === "string" && value !== "" ? value : fallback);

export function RepeatFields({ fields, open, onToggle, hydrated }: RepeatProps) {
  const ends = text(fields.repeatEnds.initialValue, "count");
  return (
    <fieldset className="rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Repeat</legend>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={fields.repeat.id}
          name={fields.repeat.name}
          defaultChecked={fields.repeat.initialValue === "on"}
          onChange={(event) => onToggle(event.target.checked)}
          aria-describedby={hydrated ? undefined : `${fields.repeat.id}-hint`}
          className="mt-0.5 size-5 accent-brand-700"
        />
        <div>
          <label htmlFor={fields.repeat.id} className="text-sm text-slate-800">
            Repeat this appointment
          </label>
          {/* Outside the label: "Date" must name only the date field. */}
          {hydrated ? null : (
            <p id={`${fields.repeat.id}-hint`} className="text-xs text-slate-600">
              When ticked, Book Appointment first lists every occurrence; you then book the free ones.
            </p>
          )}
        </div>
      </div>
      {open ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Every"
            id={fields.repeatEvery.id}
            name={fields.repeatEvery.name}
            defaultValue={text(fields.repeatEvery.initialValue, "1")}
            errors={fields.repeatEvery.errors}
          >
            {Array.from({ length: MAX_EVERY_WEEKS }, (_, index) => index + 1).map((weeks) => (
              <option key={weeks} value={weeks}>
                {weeks === 1 ? "1 week" : `${weeks} weeks`}
              </option>
            ))}
          </SelectField>
          <fieldset className="sm:col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Ends</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <EndChoice name={fields.repeatEnds.name} value="count" checked={ends === "count"} label="After a number">
                <Field
                  label="Appointments in all"
                  id={fields.repeatCount.id}
                  name={fields.repeatCount.name}
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={MAX_OCCURRENCES}
                  defaultValue={text(fields.repeatCount.initialValue, "4")}
                  errors={fields.repeatCount.errors}
                  hint={`The first included, at most ${MAX_OCCURRENCES}.`}
                />
              </EndChoice>
              <EndChoice name={fields.repeatEnds.name} value="until" checked={ends === "until"} label="On a chosen day">
                <Field
                  label="Last day"
                  id={fields.repeatUntil.id}
                  name={fields.repeatUntil.name}
                  type="date"
                  defaultValue={text(fields.repeatUntil.initialValue, "")}
                  errors={fields.repeatUntil.errors}
                />
              </EndChoice>
            </div>
            <ErrorList errors={fields.repeatEnds.errors} />
          </fieldset>
        </div>
      ) : null}
    </fieldset>
  );
}

function EndChoice({
  name,
  value,
  checked,
  label,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  children: ReactNode;
}) {
  const id = `${name}-${value}`;
  return (
    <div className="rounded-md bg-slate-50 p-2">
      <div className="mb-1 flex items-center gap-2">
        <input
          type="radio"
          id={id}
          name={name}
          value={value}
          defaultChecked={checked}
          className="size-4 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {children}
    </div>
  );
}

/** The dates a repeat would book, as the server computed them, with why any cannot be booked. */
export function SeriesPreviewList({ occurrences }: { occurrences: OccurrencePreview[] }) {
  const clock = useClockFormat();
  const free = occurrences.filter((occurrence) => !occurrence.reason).length;
  const list = useRef<HTMLElement>(null);
  // The first submit was made from the footer: bring the answer into view.
  // A block body: newer browsers' scrollIntoView returns a promise, which React would take
  // for the effect's cleanup and call when the list unmounts (the dialog crashed on close).
  useEffect(() => {
    list.current?.scrollIntoView({ block: "start" });
  }, [occurrences]);
  return (
    <section
      ref={list}
      aria-labelledby="series-preview-title"
      className="scroll-mt-6 rounded-md border border-slate-300"
      data-testid="series-preview"
    >
      <h3
        id="series-preview-title"
        className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900"
      >
        {free} of {occurrences.length} dates can be booked
      </h3>
      <ol className="divide-y divide-slate-200">
        {occurrences.map((occurrence) => (
          <li
            key={occurrence.startTime}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
          >
            <span className="text-slate-900">
              {formatLongDate(occurrence.date)} at {formatClockTime(occurrence.time, clock)}
            </span>
            {occurrence.reason ? (
              <span className="text-red-800">
                <strong>Not available:</strong> {occurrence.reason}
              </span>
            ) : (
              <span className="font-medium text-emerald-800">Free</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "This appointment only / This and following" for an occurrence of a series (default: this one). */
export function SeriesScopeChoice({ name = "scope", verb }: { name?: string; verb: "Change" | "Delete" }) {
  const options = [
    { value: "this", label: "This appointment only" },
    { value: "following", label: "This and following" },
  ];
  return (
    <fieldset className="rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{verb} which appointments of this series?</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${name}-${option.value}`}
              name={name}
              value={option.value}
              defaultChecked={option.value === "this"}
              className="size-4 accent-brand-700"
            />
            <label htmlFor={`${name}-${option.value}`} className="text-sm text-slate-800">
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600">&quot;Following&quot; leaves appointments already past as they are.</p>
    </fieldset>
  );
}
