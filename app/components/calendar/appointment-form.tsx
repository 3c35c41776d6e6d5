// The New / Edit Appointment form (SPEC §3 Appointment form, §4, §5).
import { PatchTestConfirmation, type PatchTestWarning } from "./patch-test-warning";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { memo, useEffect, useMemo, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, buttonClasses } from "~/components/ui/button";
import { PlainLink } from "~/components/ui/plain-link";
import { Field, FormAlert, SelectField, TextareaField } from "~/components/ui/field";
import type { AppointmentStatus } from "#db/enums";
import type { BookingOptions } from "~/domain/calendar.server";
import type { AppointmentFormValue, OccurrencePreview } from "~/lib/schemas/appointments";
import {
  DURATION_FROM_SERVICE,
  FILLED_DURATION,
  filledDuration,
  readFilledDuration,
  roundDuration,
  SLOT_TIMES,
} from "~/lib/calendar";
import { formatPence } from "~/lib/money";
import { formatClockTime } from "~/lib/salon-time";
import { useClockFormat } from "~/components/ui/clock-format";
import { useFieldState } from "~/hooks/use-field-state";
import { ClientPicker, type ClientChoice } from "./client-picker";
import { RepeatFields, SeriesPreviewList, SeriesScopeChoice } from "./repeat-fields";
import { VisitScopeChoice, VisitSiblings, type VisitSibling } from "./visit-choices";

type AppointmentDefaults = {
  clientId: number | null;
  clientName: string;
  clientPhone: string;
  clientEmail: string;
  date: string;
  time: string;
  stylistId: number | null;
  serviceId: number | null;
  duration: number | null;
  /** The booked price (pence) of the appointment edited; a new booking has none. */
  price?: number | null;
  notes: string;
  status: AppointmentStatus;
  availabilityOverride: boolean;
};

const STATUS_LABELS = {
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
  blocked: "Blocked (unavailable)",
  // Set only by the online booking page: offered only to keep a request unanswered.
  requested: "Requested (accept or decline under Requests)",
} as const;

type Props = {
  mode: "new" | "edit";
  options: BookingOptions;
  defaults: AppointmentDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  closeTo: string;
  deleteHref?: string;
  /** The dates a repeat would book (the server's answer to the first submit of a repeat). */
  preview?: OccurrencePreview[] | null;
  /** An occurrence of a series: the edit asks "This appointment only / This and following". */
  seriesMember?: boolean;
  /** The server asks which client a typed name, phone or e-mail means (decision 0097). */
  clientChoice?: ClientChoice | null;
  /** A line of a visit: the visit's other lines; the edit asks "This service only / The whole visit". */
  visitSiblings?: VisitSibling[] | null;
  /**
   * The further services of a new booking (a visit), drawn by the booking route so the edit
   * dialog's JavaScript does not carry them: given the first line's fields as chosen.
   */
  renderVisitLines?: (first: VisitLinesFirst) => ReactNode;
  /** The server's patch-test warning (decision 0126): the form asks to book anyway. */
  patchTestWarning?: PatchTestWarning | null;
};

/** The first line as the form holds it, for the further services to follow on from. */
export type VisitLinesFirst = {
  stylistId: number | null;
  serviceId: number | null;
  time: string;
  duration: string;
  hydrated: boolean;
  sent: Record<string, unknown> | undefined;
  errors: Record<string, string[] | null> | undefined;
};

function groupByCategory(services: BookingOptions["services"]) {
  const groups = new Map<string, BookingOptions["services"]>();
  for (const service of services) groups.set(service.category, [...(groups.get(service.category) ?? []), service]);
  return [...groups.entries()];
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Memoised, and reading no router state itself (its Save button does): the form is drawn
 * again when its own props or values change, not at each step of the navigations that open,
 * submit and close it (decision 0141).
 */
export const AppointmentForm = memo(function AppointmentForm({
  mode,
  options,
  defaults,
  lastResult,
  closeTo,
  deleteHref,
  preview,
  seriesMember,
  clientChoice,
  visitSiblings,
  renderVisitLines,
  patchTestWarning,
}: Props) {
  const clock = useClockFormat();
  const [form, fields] = useForm<AppointmentFormValue>({
    lastResult,
    defaultValue: {
      ...defaults,
      availabilityOverride: defaults.availabilityOverride ? "on" : undefined,
      notifyClient: "on",
      repeatEvery: "1",
      repeatEnds: "count",
      repeatCount: "4",
    },
    // Validated on the server only: keeps Zod out of this dialog's JavaScript (the
    // calendar is the heaviest screen and runs on cheap tablets).
  });
  // After a refused submit the fields start from what was sent (Conform's initial values), not the loader's.
  const sent = lastResult?.initialValue
    ? {
        status: fields.status.initialValue,
        stylistId: fields.stylistId.initialValue,
        serviceId: fields.serviceId.initialValue,
        duration: fields.duration.initialValue,
        filledDuration: str(lastResult.initialValue[FILLED_DURATION]),
      }
    : null;
  // Kept as chosen before the page hydrated (a slow tablet's first seconds).
  const [statusValue, setStatus] = useFieldState(str(sent?.status) || defaults.status, fields.status.id);
  const status = statusValue as AppointmentDefaults["status"];
  const [stylistValue, setStylistValue] = useFieldState(
    String(Number(sent?.stylistId) || defaults.stylistId || options.stylists[0]?.id || ""),
    fields.stylistId.id,
  );
  const stylistId = Number(stylistValue) || null;
  const setStylistId = (id: number | null) => setStylistValue(id ? String(id) : "");
  const [duration, setDuration] = useFieldState(
    sent ? str(sent.duration) : defaults.duration ? String(defaults.duration) : "",
    fields.duration.id,
  );
  const [serviceValue, setServiceValue] = useFieldState(
    sent ? str(sent.serviceId) : defaults.serviceId ? String(defaults.serviceId) : "",
    fields.serviceId.id,
  );
  const serviceId = Number(serviceValue) || null;
  const blocked = status === "blocked";
  const [timeValue, setTimeValue] = useState(str(fields.time.initialValue) || defaults.time);
  const [repeating, setRepeating] = useState(fields.repeat.initialValue === "on");
  // A preview stands until a field changes (with JavaScript); the booking recomputes it anyway.
  const [previewStale, setPreviewStale] = useState(false);
  useEffect(() => setPreviewStale(false), [preview]);
  const showPreview = mode === "new" && preview && !previewStale ? preview : null;
  const freeCount = showPreview?.filter((occurrence) => !occurrence.reason).length ?? 0;
  // The client typed before a refused submit or a preview, as sent (without JavaScript the page is new).
  const sentClient = lastResult?.initialValue
    ? {
        clientId: Number(str(lastResult.initialValue.clientId)) || null,
        name: str(lastResult.initialValue.clientName),
        phone: str(lastResult.initialValue.clientPhone),
        email: str(lastResult.initialValue.clientEmail),
      }
    : null;
  // Without JavaScript a new booking cannot fill the duration from the chosen service: an
  // empty one then means the service's (decision 0064). With JavaScript, or on edit, it is required.
  const hydrated = useHydrated();
  const durationFromService = mode === "new" && !hydrated;

  // The duration and price follow the stylist and service, whichever is chosen last (decision 0098).
  const termsFor = (forStylist: number | null, forService: number | null) => {
    const service = options.services.find((item) => item.id === forService);
    if (!service) return null;
    const own = (prices: Record<number, Record<number, number>>) =>
      forStylist ? prices[forStylist]?.[service.id] : undefined;
    return {
      service,
      duration: own(options.customDurations) ?? service.duration,
      price: own(options.customPrices) ?? service.price,
    };
  };
  // The duration as last filled from a stylist and service, so a change of either refills
  // it unless it was typed since; the server does the same with the marker (no JavaScript).
  const [filled, setFilled] = useState<string | null>(() => {
    if (sent) return sent.filledDuration || null;
    const terms = termsFor(defaults.stylistId, defaults.serviceId);
    return terms && defaults.stylistId && terms.duration === defaults.duration
      ? filledDuration(defaults.stylistId, terms.service.id, terms.duration)
      : null;
  });
  const follow = (nextStylist: number | null, nextService: number | null, always: boolean) => {
    const terms = termsFor(nextStylist, nextService);
    const untouched = duration !== "" && readFilledDuration(filled)?.minutes === Number(duration);
    if (!terms || !nextStylist || !(always || untouched)) return;
    setDuration(String(terms.duration));
    setFilled(filledDuration(nextStylist, terms.service.id, terms.duration));
  };
  const chosen = termsFor(stylistId, serviceId);
  // An edit keeps its booked price while its stylist and service stay (the price is fixed when booked).
  const keepsBookedPrice =
    mode === "edit" && defaults.price != null && stylistId === defaults.stylistId && serviceId === defaults.serviceId;
  const price = chosen ? (keepsBookedPrice ? defaults.price! : chosen.price) : null;
  const stylistName = options.stylists.find((stylist) => stylist.id === stylistId)?.name;
  // The options (about 120 elements) are the same elements from one render to the next, so
  // React passes over them when a value of the form changes.
  const serviceOptions = useMemo(
    () =>
      groupByCategory(options.services).map(([category, services]) => (
        <optgroup key={category} label={category}>
          {services.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </optgroup>
      )),
    [options.services],
  );
  const stylistOptions = useMemo(
    () =>
      options.stylists.map((stylist) => (
        <option key={stylist.id} value={stylist.id}>
          {stylist.name}
        </option>
      )),
    [options.stylists],
  );
  const timeOptions = useMemo(
    () =>
      SLOT_TIMES.map((time) => (
        <option key={time} value={time}>
          {formatClockTime(time, clock)}
        </option>
      )),
    [clock],
  );

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4"
      preventScrollReset
      onChange={() => setPreviewStale(true)}
    >
      <input type="hidden" name="intent" value={mode === "new" ? (showPreview ? "book-series" : "create") : "update"} />
      <FormAlert errors={form.errors} />
      {patchTestWarning ? (
        <PatchTestConfirmation warning={patchTestWarning} canOverride={options.canOverridePatchTest} />
      ) : null}
      {/* Step two of a repeat: the dates first, the fields below for a change. */}
      {showPreview ? <SeriesPreviewList occurrences={showPreview} /> : null}
      {blocked ? null : (
        <ClientPicker
          initial={
            sentClient ?? {
              clientId: defaults.clientId,
              name: defaults.clientName,
              phone: defaults.clientPhone,
              email: defaults.clientEmail,
            }
          }
          errors={{
            clientName: fields.clientName.errors,
            clientPhone: fields.clientPhone.errors,
            clientEmail: fields.clientEmail.errors,
          }}
          choice={clientChoice}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {blocked ? null : (
          // Blocked time carries no service (decision 0064); without JavaScript a service left chosen is ignored.
          <SelectField
            label="Service"
            {...getSelectProps(fields.serviceId, { value: false })}
            value={serviceValue}
            errors={fields.serviceId.errors}
            hint={hydrated ? undefined : "Not used for blocked time."}
            onChange={(event) => {
              setServiceValue(event.target.value);
              // Choosing a service always fills its duration (SPEC §6).
              follow(stylistId, Number(event.target.value) || null, true);
            }}
          >
            <option value="">Choose a service</option>
            {serviceOptions}
          </SelectField>
        )}
        <SelectField
          label="Stylist"
          {...getSelectProps(fields.stylistId, { value: false })}
          value={stylistId ?? ""}
          onChange={(event) => {
            const next = Number(event.target.value) || null;
            setStylistId(next);
            follow(next, serviceId, false);
          }}
          errors={fields.stylistId.errors}
        >
          {options.stylists.length > 1 ? <option value="">Choose a stylist</option> : null}
          {stylistOptions}
        </SelectField>
        <Field label="Date" {...getInputProps(fields.date, { type: "date" })} errors={fields.date.errors} required />
        <SelectField
          label="Time"
          {...getSelectProps(fields.time)}
          onChange={(event) => setTimeValue(event.target.value)}
          errors={fields.time.errors}
        >
          <option value="">Choose a time</option>
          {timeOptions}
        </SelectField>
        <Field
          label="Duration (minutes)"
          {...getInputProps(fields.duration, { type: "number", value: false })}
          inputMode="numeric"
          min={1}
          step={1}
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
          onBlur={(event) => {
            // The field's own value: a blur can come before the render that holds the latest one.
            const typed = event.currentTarget.value;
            if (typed !== "") setDuration(String(roundDuration(Number(typed))));
          }}
          errors={fields.duration.errors}
          hint={
            blocked
              ? "How long the time is blocked."
              : durationFromService
                ? "Leave empty for the service's duration; rounded up to 15 minutes."
                : "Filled from the service; rounded up to 15 minutes."
          }
        />
        {durationFromService ? <input type="hidden" name={DURATION_FROM_SERVICE} value="on" /> : null}
        {filled && !blocked ? <input type="hidden" name={FILLED_DURATION} value={filled} /> : null}
        {blocked ? null : (
          <div>
            <p id="booking-price-label" className="text-sm font-medium text-slate-800">
              Price
            </p>
            <output
              aria-labelledby="booking-price-label"
              aria-describedby="booking-price-hint"
              data-testid="booking-price"
              className="mt-1 block text-base font-semibold text-slate-900"
            >
              {price !== null ? formatPence(price) : "—"}
            </output>
            <p id="booking-price-hint" className="mt-1 text-xs text-slate-600">
              {chosen && stylistName
                ? `${chosen.service.name} with ${stylistName}${keepsBookedPrice ? ", as booked" : ""}`
                : "Set by the service and stylist."}
            </p>
          </div>
        )}
      </div>
      {renderVisitLines && !blocked && !(repeating && hydrated)
        ? renderVisitLines({
            stylistId,
            serviceId,
            time: timeValue,
            duration,
            hydrated,
            sent: lastResult?.initialValue as Record<string, unknown> | undefined,
            errors: lastResult?.error ?? undefined,
          })
        : null}
      {visitSiblings?.length ? <VisitSiblings lines={visitSiblings} /> : null}
      <TextareaField
        label={blocked ? "Notes (shown on the blocked time)" : "Notes"}
        {...getTextareaProps(fields.notes)}
        errors={fields.notes.errors}
        rows={2}
      />
      <SelectField
        label="Status"
        {...getSelectProps(fields.status, { value: false })}
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        errors={fields.status.errors}
      >
        {(mode === "new"
          ? (["scheduled", "blocked"] as const)
          : ([
              ...(defaults.status === "requested" ? (["requested"] as const) : []),
              ...(["scheduled", "completed", "cancelled", "no_show", "blocked"] as const),
            ] as const)
        ).map((value) => (
          <option key={value} value={value}>
            {STATUS_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {options.canOverride ? (
        <div className="flex items-start gap-3">
          <input
            {...getInputProps(fields.availabilityOverride, { type: "checkbox" })}
            className="mt-0.5 size-5 accent-brand-700"
          />
          <label htmlFor={fields.availabilityOverride.id} className="text-sm text-slate-800">
            Book even outside the stylist&apos;s working hours or time off
          </label>
        </div>
      ) : null}
      {mode === "new" ? (
        <RepeatFields fields={fields} open={repeating || !hydrated} onToggle={setRepeating} hydrated={hydrated} />
      ) : null}
      {seriesMember ? <SeriesScopeChoice verb="Change" /> : null}
      {visitSiblings?.length ? <VisitScopeChoice verb="Change" /> : null}
      {mode === "edit" && status !== "blocked" ? (
        <div className="flex items-start gap-3">
          <input type="hidden" name={fields.notifyShown.name} value="on" />
          <input
            {...getInputProps(fields.notifyClient, { type: "checkbox" })}
            className="mt-0.5 size-5 accent-brand-700"
          />
          <label htmlFor={fields.notifyClient.id} className="text-sm text-slate-800">
            Tell the client (an e-mail about a new time, stylist or service, or a cancellation, when e-mail is on)
          </label>
        </div>
      ) : null}
      {/* Book and Cancel stay in view however far the fields scroll (a tablet or phone). */}
      <div
        className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6"
        data-testid="dialog-footer"
      >
        {deleteHref ? (
          <PlainLink
            to={deleteHref}
            className={buttonClasses("ghost", "text-red-700 hover:bg-red-50")}
            preventScrollReset
          >
            Delete
          </PlainLink>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          <PlainLink to={closeTo} className={buttonClasses("secondary")} preventScrollReset>
            Cancel
          </PlainLink>
          <SaveButton
            disabled={showPreview !== null && freeCount === 0}
            label={submitLabel(mode, showPreview ? freeCount : null, repeating && hydrated)}
          />
        </div>
      </div>
    </Form>
  );
});

/** The form's submit button: it alone follows the navigation, to say "Saving...". */
function SaveButton({ disabled, label }: { disabled: boolean; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  return (
    <Button type="submit" disabled={busy || disabled}>
      {busy ? "Saving..." : label}
    </Button>
  );
}

function submitLabel(mode: Props["mode"], freeCount: number | null, repeating: boolean): string {
  if (mode === "edit") return "Save Changes";
  if (freeCount !== null) return freeCount === 1 ? "Book 1 appointment" : `Book ${freeCount} appointments`;
  return repeating ? "Preview dates" : "Book Appointment";
}
