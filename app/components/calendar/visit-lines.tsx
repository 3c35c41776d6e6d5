// The booking dialog's further services (a visit, decision 0109): each line a service with
// a stylist, following on from the previous line unless given its own time. With
// JavaScript "Add service" and "Remove" change the lines in place; without it they are
// submit buttons and the server shows the form again with the lines changed.
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { useClockFormat } from "~/components/ui/clock-format";
import type { BookingOptions } from "~/domain/calendar.server";
import { minutesToClock, roundDuration, SLOT_TIMES } from "~/lib/calendar";
import { formatPence } from "~/lib/money";
import { formatClockTime } from "~/lib/salon-time";
import {
  ADD_VISIT_LINE,
  MAX_VISIT_LINES,
  REMOVE_VISIT_LINE,
  VISIT_LINE_COUNT,
  visitLineField,
} from "~/lib/visit-lines";

export type VisitLineState = { serviceId: string; stylistId: string; duration: string; time: string };

const str = (value: unknown) => (typeof value === "string" ? value : "");
const clockMinutes = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** The further lines as sent (a refused submit, or the no-JavaScript "Add service"), else none. */
export function sentVisitLines(initial: Record<string, unknown> | undefined): VisitLineState[] {
  if (!initial) return [];
  const count = Math.min(Number(str(initial[VISIT_LINE_COUNT])) || 0, MAX_VISIT_LINES - 1);
  return Array.from({ length: count }, (_, index) => {
    const n = index + 2;
    return {
      serviceId: str(initial[visitLineField(n, "ServiceId")]),
      stylistId: str(initial[visitLineField(n, "StylistId")]),
      duration: str(initial[visitLineField(n, "Duration")]),
      time: str(initial[visitLineField(n, "Time")]),
    };
  });
}

type Props = {
  options: BookingOptions;
  hydrated: boolean;
  initial: VisitLineState[];
  /** The first line (the form's own fields): its stylist, service, time and duration. */
  first: { stylistId: number | null; serviceId: number | null; time: string; duration: string };
  errors: Record<string, string[] | null | undefined> | undefined;
};

export function VisitLines({ options, hydrated, initial, first, errors }: Props) {
  const clock = useClockFormat();
  const [lines, setLines] = useState<VisitLineState[]>(initial);
  const terms = (stylistId: number | null, serviceId: number | null) => {
    const service = options.services.find((item) => item.id === serviceId);
    if (!service) return null;
    const own = (table: Record<number, Record<number, number>>) =>
      stylistId ? table[stylistId]?.[service.id] : undefined;
    return {
      duration: own(options.customDurations) ?? service.duration,
      price: own(options.customPrices) ?? service.price,
    };
  };
  // Each line's start: its own time, or when the previous ends (the first line's time and duration).
  const firstDuration = Number(first.duration) || terms(first.stylistId, first.serviceId)?.duration || 0;
  let end = first.time ? clockMinutes(first.time) + roundDuration(firstDuration) : null;
  const starts = lines.map((line) => {
    const start = line.time ? clockMinutes(line.time) : end;
    const length = Number(line.duration) || terms(Number(line.stylistId), Number(line.serviceId))?.duration || 0;
    end = start === null ? null : start + roundDuration(length);
    return start;
  });
  const update = (index: number, change: Partial<VisitLineState>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const canAdd = lines.length < MAX_VISIT_LINES - 1;
  return (
    <div className="space-y-3" data-testid="visit-lines">
      <input type="hidden" name={VISIT_LINE_COUNT} value={lines.length} />
      {lines.map((line, index) => {
        const n = index + 2;
        const chosen = terms(Number(line.stylistId) || null, Number(line.serviceId) || null);
        const start = starts[index];
        const fieldId = (field: Parameters<typeof visitLineField>[1]) => `visit-${visitLineField(n, field)}`;
        return (
          <fieldset key={n} className="rounded-md border border-slate-200 px-3 pt-1 pb-3" data-testid="visit-line">
            <legend className="px-1 text-sm font-medium text-slate-800">Service {n}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Service"
                id={fieldId("ServiceId")}
                name={visitLineField(n, "ServiceId")}
                value={line.serviceId}
                onChange={(event) => update(index, { serviceId: event.target.value, duration: "" })}
                errors={errors?.[visitLineField(n, "ServiceId")]}
              >
                <option value="">Choose a service</option>
                {options.services.map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Stylist"
                id={fieldId("StylistId")}
                name={visitLineField(n, "StylistId")}
                value={line.stylistId}
                onChange={(event) => update(index, { stylistId: event.target.value })}
                errors={errors?.[visitLineField(n, "StylistId")]}
              >
                <option value="">Choose a stylist</option>
                {options.stylists.map((stylist) => (
                  <option key={stylist.id} value={stylist.id}>
                    {stylist.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Starts"
                id={fieldId("Time")}
                name={visitLineField(n, "Time")}
                value={line.time}
                onChange={(event) => update(index, { time: event.target.value })}
                errors={errors?.[visitLineField(n, "Time")]}
                hint={
                  start !== null && start !== undefined && !line.time
                    ? `Follows on at ${formatClockTime(minutesToClock(start), clock)}`
                    : undefined
                }
              >
                <option value="">Follows on from the previous service</option>
                {SLOT_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {formatClockTime(time, clock)}
                  </option>
                ))}
              </SelectField>
              <Field
                label="Duration (minutes)"
                id={fieldId("Duration")}
                name={visitLineField(n, "Duration")}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={line.duration}
                placeholder={chosen ? String(chosen.duration) : ""}
                onChange={(event) => update(index, { duration: event.target.value })}
                errors={errors?.[visitLineField(n, "Duration")]}
                hint="Leave empty for the service's duration."
              />
            </div>
            <div className="mt-2 flex items-center justify-between gap-2">
              <p className="text-sm text-slate-800" data-testid="visit-line-price">
                Price <strong>{chosen ? formatPence(chosen.price) : "—"}</strong>
              </p>
              <Button
                variant="ghost"
                type={hydrated ? "button" : "submit"}
                name={hydrated ? undefined : REMOVE_VISIT_LINE}
                value={hydrated ? undefined : String(n)}
                formNoValidate
                onClick={hydrated ? () => setLines((current) => current.filter((_, at) => at !== index)) : undefined}
              >
                Remove service {n}
              </Button>
            </div>
          </fieldset>
        );
      })}
      {canAdd ? (
        <Button
          variant="secondary"
          type={hydrated ? "button" : "submit"}
          name={hydrated ? undefined : ADD_VISIT_LINE}
          value={hydrated ? undefined : "1"}
          formNoValidate
          onClick={
            hydrated
              ? () =>
                  setLines((current) => [
                    ...current,
                    {
                      serviceId: "",
                      // A new line takes the previous line's stylist.
                      stylistId: current.at(-1)?.stylistId ?? (first.stylistId ? String(first.stylistId) : ""),
                      duration: "",
                      time: "",
                    },
                  ])
              : undefined
          }
        >
          Add service
        </Button>
      ) : null}
    </div>
  );
}
