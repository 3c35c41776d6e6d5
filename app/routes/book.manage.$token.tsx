// The client's own page for one online booking, reached only through the link given once
// after booking: see it, cancel it (within the salon's notice) or move it to another free
// time (the same week of free times as the booking page). Every step is a link; cancelling
// and moving are POST forms.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SlotPicker } from "~/components/book/slot-picker";
import { ZoneNote } from "~/components/book/zone-note";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { DomainError, TooManyRequests } from "~/domain/errors";
import { cancelManagedBooking, getManagedBooking, rescheduleManagedBooking } from "~/domain/online-bookings.server";
import { publicSalon } from "~/domain/online-slots.server";
import { isoInstant } from "~/lib/book-steps";
import { cn } from "~/lib/cn";
import { formatLongDate, isCalendarDate } from "~/lib/salon-time";
import { describeStart, slotWeek } from "~/utils/book-slots.server";
import { formLimit, readFormData } from "~/utils/form-data.server";
import { page } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: "Your booking" }, { name: "robots", content: "noindex" }];

type View = "booking" | "cancel" | "move" | "confirm-move";

function manageHref(token: string, params: Record<string, string | undefined> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const query = search.toString();
  return `/book/manage/${encodeURIComponent(token)}${query ? `?${query}` : ""}`;
}

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const token = params.token ?? "";
  const salon = await publicSalon();
  const booking = await getManagedBooking(token);
  const url = new URL(request.url);
  const clockFormat = salon.clockFormat;
  const { date, time } = describeStart(booking.start, salon.timeZone, clockFormat);
  const until = describeStart(booking.changeUntil, salon.timeZone, clockFormat);
  const canChange = booking.canChange;
  const start = isoInstant(url.searchParams.get("start"));
  let view: View = "booking";
  if (canChange && url.searchParams.get("cancel") === "1") view = "cancel";
  if (canChange && booking.serviceId !== null && url.searchParams.has("move")) view = start ? "confirm-move" : "move";
  const from = url.searchParams.get("from");
  const week =
    view === "move" && booking.serviceId !== null
      ? await slotWeek({
          serviceId: booking.serviceId,
          stylistId: booking.stylistId,
          from: from && isCalendarDate(from) ? from : undefined,
          timeZone: salon.timeZone,
          clockFormat,
          advanceLimitDays: salon.advanceLimitDays,
        })
      : null;
  const target = view === "confirm-move" && start ? describeStart(start, salon.timeZone, clockFormat) : null;
  const dateParam = url.searchParams.get("date");
  return {
    token,
    view,
    flash: url.searchParams.get("booked") === "1" ? "booked" : url.searchParams.get("moved") === "1" ? "moved" : null,
    manageUrl: new URL(manageHref(token), url.origin).toString(),
    salon: { name: salon.salonName, phone: salon.phone, timeZone: salon.timeZone },
    booking: {
      reference: booking.reference,
      status: booking.status,
      serviceName: booking.serviceName ?? "",
      stylistName: booking.stylistName,
      dateLabel: formatLongDate(date),
      time,
      canChange,
      changeUntilLabel: `${formatLongDate(until.date)}, ${until.time}`,
    },
    week,
    date: dateParam && isCalendarDate(dateParam) ? dateParam : null,
    target: target && start ? { start, label: `${formatLongDate(target.date)}, ${target.time}` } : null,
  };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const token = params.token ?? "";
  const formData = await readFormData(request, formLimit("intent", "start"));
  const intent = formData.get("intent");
  try {
    if (intent === "cancel") {
      const cancelled = await cancelManagedBooking(token);
      // The link opens nothing once the booking is cancelled: the answer is a page of its own.
      return redirect(`/book/cancelled?reference=${encodeURIComponent(cancelled.reference)}`);
    }
    if (intent === "move") {
      const start = isoInstant(String(formData.get("start") ?? ""));
      if (!start) return data({ message: "Please choose a time." }, { status: 400 });
      await rescheduleManagedBooking(token, { start }, undefined, new URL(request.url).origin);
      return redirect(manageHref(token, { moved: "1" }));
    }
    return data({ message: "Please choose what to do." }, { status: 400 });
  } catch (error) {
    if (error instanceof TooManyRequests)
      return data(
        { message: "There have been many changes from your connection. Please wait a few minutes and try again." },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    if (error instanceof DomainError && error.status !== 403 && error.status !== 404)
      return data({ message: error.message }, { status: error.status });
    throw error;
  }
});

const STATUS_LABELS: Record<string, string> = {
  scheduled: "Booked",
  requested: "Waiting for the salon to confirm",
  completed: "Done",
  no_show: "Missed",
};

export default function ManageBooking() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { booking, token } = loaded;
  const title =
    loaded.flash === "booked"
      ? booking.status === "requested"
        ? "Request sent"
        : "You are booked"
      : loaded.flash === "moved"
        ? "Your booking has moved"
        : "Your booking";
  return (
    <>
      <h1 className="mb-3 text-2xl font-bold text-slate-900">{title}</h1>
      {loaded.flash === "booked" ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200">
          {booking.status === "requested"
            ? "The salon will confirm your booking. You will get a message when they do."
            : "Thank you! We look forward to seeing you."}
        </p>
      ) : null}
      <section aria-labelledby="booking-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="booking-heading" className="sr-only">
          Booking {booking.reference}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Reference</dt>
          <dd className="font-mono font-semibold text-slate-900">{booking.reference}</dd>
          <dt className="text-slate-600">Status</dt>
          <dd className="font-semibold text-slate-900">{STATUS_LABELS[booking.status] ?? booking.status}</dd>
          <dt className="text-slate-600">Service</dt>
          <dd className="font-semibold text-slate-900">{booking.serviceName}</dd>
          <dt className="text-slate-600">Stylist</dt>
          <dd className="font-semibold text-slate-900">{booking.stylistName}</dd>
          <dt className="text-slate-600">When</dt>
          <dd className="font-semibold text-slate-900">
            {booking.dateLabel}
            <span className="block">{booking.time}</span>
          </dd>
        </dl>
        <div className="mt-3">
          <ZoneNote timeZone={loaded.salon.timeZone} />
        </div>
      </section>

      {loaded.flash === "booked" ? (
        <section aria-labelledby="link-heading" className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 id="link-heading" className="text-base font-semibold text-slate-900">
            Keep this link
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            With it you can see, move or cancel your booking. It is sent to you in the confirmation message too.
          </p>
          <p className="mt-2 break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
            <a href={loaded.manageUrl} className="underline">
              {loaded.manageUrl}
            </a>
          </p>
        </section>
      ) : null}

      <div className="mt-4">
        {reply?.message ? <FormAlert errors={[reply.message]} /> : null}
        {loaded.view === "booking" && booking.canChange ? (
          <div className="space-y-2">
            {booking.changeUntilLabel ? (
              <p className="text-sm text-slate-700">You can move or cancel online until {booking.changeUntilLabel}.</p>
            ) : null}
            <div className="grid gap-2 sm:grid-cols-2">
              <Link to={manageHref(token, { move: "1" })} className={cn(buttonClasses("secondary"), "min-h-12")}>
                Move to another time
              </Link>
              <Link to={manageHref(token, { cancel: "1" })} className={cn(buttonClasses("secondary"), "min-h-12")}>
                Cancel booking
              </Link>
            </div>
          </div>
        ) : null}
        {loaded.view === "booking" && !booking.canChange ? (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
            It is too late to change this booking online. To change or cancel it, please call the salon
            {loaded.salon.phone ? (
              <>
                {" "}
                on{" "}
                <a href={`tel:${loaded.salon.phone.replace(/\s/g, "")}`} className="font-semibold underline">
                  {loaded.salon.phone}
                </a>
              </>
            ) : null}
            .
          </p>
        ) : null}

        {loaded.view === "cancel" ? (
          <Form method="post" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <h2 className="text-base font-semibold text-slate-900">Cancel this booking?</h2>
            <p className="text-sm text-slate-700">The time is given back to the salon. This cannot be undone.</p>
            <div className="grid gap-2 sm:grid-cols-2">
              <button
                type="submit"
                name="intent"
                value="cancel"
                disabled={busy}
                className={cn(buttonClasses("destructive"), "min-h-12")}
              >
                Yes, cancel booking
              </button>
              <Link to={manageHref(token)} className={cn(buttonClasses("secondary"), "min-h-12")}>
                Keep booking
              </Link>
            </div>
          </Form>
        ) : null}

        {loaded.view === "move" && loaded.week ? (
          <section aria-labelledby="move-heading" className="space-y-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="move-heading" className="text-lg font-semibold text-slate-900">
                Choose a new time
              </h2>
              <Link to={manageHref(token)} className="text-sm font-semibold text-brand-700 underline">
                Keep the current time
              </Link>
            </div>
            <SlotPicker
              week={loaded.week}
              selectedDate={loaded.date ?? undefined}
              headingLevel={3}
              hrefFor={{
                week: (from) => manageHref(token, { move: "1", from }),
                date: (date) => manageHref(token, { move: "1", from: loaded.week?.from, date }),
                start: (start) => manageHref(token, { move: "1", start }),
              }}
            />
          </section>
        ) : null}

        {loaded.view === "confirm-move" && loaded.target ? (
          <Form method="post" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <h2 className="text-base font-semibold text-slate-900">Move to {loaded.target.label}?</h2>
            <input type="hidden" name="start" value={loaded.target.start} />
            <div className="grid gap-2 sm:grid-cols-2">
              <button
                type="submit"
                name="intent"
                value="move"
                disabled={busy}
                className={cn(buttonClasses("primary"), "min-h-12")}
              >
                Yes, move booking
              </button>
              <Link to={manageHref(token, { move: "1" })} className={cn(buttonClasses("secondary"), "min-h-12")}>
                Choose another time
              </Link>
            </div>
          </Form>
        ) : null}
      </div>
    </>
  );
}
