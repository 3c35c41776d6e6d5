// The public booking page: service → stylist or "Anyone" → day and time → details and
// consent → confirm. The steps live in the URL (plain links and GET forms); only the last
// step is a POST. With JavaScript the ALTCHA widget adds a proof of work; without it the
// booking is sent as a request the salon confirms.
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ProofOfWork } from "~/components/book/proof-of-work";
import { SlotPicker } from "~/components/book/slot-picker";
import { ZoneNote } from "~/components/book/zone-note";
import { buttonClasses } from "~/components/ui/button";
import { Field, FormAlert, TextareaField } from "~/components/ui/field";
import { bookOnline } from "~/domain/online-bookings.server";
import { publicSalon, publicServices } from "~/domain/online-slots.server";
import { DomainError, SlotTaken, TooManyRequests } from "~/domain/errors";
import { bookHref, formatDuration, parseBookStep, type BookStep } from "~/lib/book-steps";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { formatLongDate } from "~/lib/salon-time";
import { PublicBookingSchema } from "~/lib/schemas/online-booking";
import { describeStart, slotWeek } from "~/utils/book-slots.server";
import { formLimit, readFormData } from "~/utils/form-data.server";
import { page } from "~/utils/http.server";

type PublicService = Awaited<ReturnType<typeof publicServices>>[number];

const STEPS = 4;

function priceLabel(service: PublicService) {
  if (service.price === null || service.price === undefined) return null;
  return service.priceFrom ? `from ${formatPence(service.price)}` : formatPence(service.price);
}

/** Services by category, "colour" and "Colour " being one category to a client (the first spelling names it). */
function groupByCategory(services: PublicService[]) {
  const groups = new Map<string, { category: string; list: PublicService[] }>();
  for (const service of services) {
    const category = service.category.trim() || "Other";
    const key = category.toLocaleLowerCase();
    const group = groups.get(key) ?? { category, list: [] };
    group.list.push(service);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ category, list }) => ({
    category,
    services: list.map((service) => ({
      id: service.id,
      name: service.name,
      duration: formatDuration(service.duration),
      price: priceLabel(service),
    })),
  }));
}

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const salon = await publicSalon();
  const services = await publicServices();
  const step = parseBookStep(new URL(request.url).searchParams);
  const clockFormat = salon.clockFormat;
  const common = {
    timeZone: salon.timeZone,
    policyText: salon.policyText,
    cancellationNoticeHours: salon.cancellationNoticeHours,
  };
  const service = services.find((candidate) => candidate.id === step.serviceId);
  if (!service)
    return {
      ...common,
      step: "service" as const,
      groups: groupByCategory(services),
      notice: step.serviceId ? "That service cannot be booked online. Please choose another." : null,
    };
  const chosenService = {
    id: service.id,
    name: service.name,
    duration: formatDuration(service.duration),
    price: priceLabel(service),
  };
  const stylist =
    step.stylistId === "any"
      ? ({ id: "any", name: "Any available stylist" } as const)
      : service.stylists.find((candidate) => candidate.id === step.stylistId);
  if (!stylist)
    return {
      ...common,
      step: "stylist" as const,
      service: chosenService,
      stylists: service.stylists,
      notice: step.stylistId ? "That stylist cannot be booked online for this service. Please choose again." : null,
    };
  const chosen = { service: chosenService, stylist: { id: stylist.id, name: stylist.name } };
  if (!step.start) {
    const week = await slotWeek({
      serviceId: service.id,
      stylistId: stylist.id === "any" ? null : stylist.id,
      from: step.from,
      timeZone: salon.timeZone,
      clockFormat,
      advanceLimitDays: salon.advanceLimitDays,
    });
    return { ...common, step: "time" as const, ...chosen, week, date: step.date ?? null };
  }
  const { date, time } = describeStart(step.start, salon.timeZone, clockFormat);
  return {
    ...common,
    step: "details" as const,
    ...chosen,
    start: step.start,
    from: step.from ?? null,
    when: { date, dateLabel: formatLongDate(date), time },
  };
});

type Alternative = { start: string; label: string };

/** The fields of the details step that show their own messages. */
const DETAIL_FIELDS = new Set(["firstName", "lastName", "phone", "email", "notes", "consent"]);

const WAIT_MESSAGE =
  "Thank you for your patience: there have been many bookings from your connection. Please wait a few minutes and try again, or call the salon.";

export const action = page(async ({ request, context }: ActionFunctionArgs) => {
  const formData = await readFormData(request, formLimit(PublicBookingSchema));
  const submission = parseWithZod(formData, { schema: PublicBookingSchema });
  const reply = (
    status: number,
    extra: {
      formErrors?: string[];
      alternatives?: Alternative[];
      retryAfterSeconds?: number;
      fieldErrors?: Record<string, string[]>;
    } = {},
  ) =>
    data(
      {
        result: submission.reply({ formErrors: extra.formErrors, fieldErrors: extra.fieldErrors }),
        alternatives: extra.alternatives ?? null,
        retryAfterSeconds: extra.retryAfterSeconds ?? null,
      },
      { status, headers: extra.retryAfterSeconds ? { "Retry-After": String(extra.retryAfterSeconds) } : undefined },
    );
  if (submission.status !== "success") return reply(400);
  const input = submission.value;
  try {
    // The proof of work is checked (and spent) by bookOnline; without one the booking is a request.
    const booked = await bookOnline(input, {
      address: context.clientAddress,
      proofOfWork: input.altcha ? "solved" : "absent",
      origin: new URL(request.url).origin,
    });
    return redirect(`/book/manage/${booked.manageToken}?booked=1`);
  } catch (error) {
    if (error instanceof SlotTaken) {
      const salon = await publicSalon();
      const clockFormat = salon.clockFormat;
      const alternatives = error.details.alternatives.map((slot) => {
        const { date, time } = describeStart(slot.start, salon.timeZone, clockFormat);
        return { start: slot.start, label: `${formatLongDate(date)}, ${time}` };
      });
      return reply(409, { formErrors: [error.message], alternatives });
    }
    if (error instanceof TooManyRequests)
      return reply(429, { formErrors: [WAIT_MESSAGE], retryAfterSeconds: error.retryAfterSeconds });
    if (error instanceof DomainError && error.status !== 403 && error.status !== 404) {
      // Beside the fields the form shows; otherwise (the proof of work has no field) above the form.
      const besideFields = error.fieldErrors && Object.keys(error.fieldErrors).every((name) => DETAIL_FIELDS.has(name));
      return reply(error.status, {
        formErrors: besideFields ? [] : [error.message],
        fieldErrors: besideFields ? error.fieldErrors : undefined,
      });
    }
    throw error;
  }
});

function StepHeading({ number, title, back }: { number: number; title: string; back?: { to: string; label: string } }) {
  return (
    <div className="mb-4 space-y-1">
      {back ? (
        <Link to={back.to} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
          <span aria-hidden="true">←</span>&nbsp;{back.label}
        </Link>
      ) : null}
      <p className="text-sm text-slate-600">
        Step {number} of {STEPS}
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
    </div>
  );
}

function Notice({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {children}
    </p>
  );
}

const card =
  "flex min-h-14 w-full items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 text-left shadow-sm ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export default function BookPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.step === "service")
    return (
      <>
        <StepHeading number={1} title="Choose a service" />
        <Notice>{loaded.notice}</Notice>
        {loaded.groups.length === 0 ? (
          <p className="rounded-lg bg-white p-4 text-slate-700 ring-1 ring-slate-200">
            No services can be booked online at the moment. Please call the salon.
          </p>
        ) : (
          <div className="space-y-6">
            {loaded.groups.map((group, index) => (
              // Ids by position: a category's name may hold spaces, which would split aria-labelledby.
              <section key={group.category} aria-labelledby={`category-${index}`}>
                <h2 id={`category-${index}`} className="mb-2 text-lg font-semibold text-slate-800">
                  {group.category}
                </h2>
                <ul className="space-y-2">
                  {group.services.map((service) => (
                    <li key={service.id}>
                      <Link to={bookHref({ serviceId: service.id })} className={card}>
                        <span className="font-semibold text-slate-900">{service.name}</span>
                        <span className="shrink-0 text-right text-sm text-slate-700">
                          {service.duration}
                          {service.price ? (
                            <>
                              <br />
                              {service.price}
                            </>
                          ) : null}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </>
    );

  const service = loaded.service;
  const summaryService = `${service.name} · ${service.duration}${service.price ? ` · ${service.price}` : ""}`;
  if (loaded.step === "stylist")
    return (
      <>
        <StepHeading number={2} title="Choose a stylist" back={{ to: bookHref({}), label: "Services" }} />
        <p className="mb-4 text-slate-700">{summaryService}</p>
        <Notice>{loaded.notice}</Notice>
        <ul className="space-y-2">
          <li>
            <Link to={bookHref({ serviceId: service.id, stylistId: "any" })} className={card}>
              <span>
                <span className="block font-semibold text-slate-900">Anyone available</span>
                <span className="block text-sm text-slate-600">The most free times</span>
              </span>
            </Link>
          </li>
          {loaded.stylists.map((stylist) => (
            <li key={stylist.id}>
              <Link to={bookHref({ serviceId: service.id, stylistId: stylist.id })} className={card}>
                <span className="font-semibold text-slate-900">{stylist.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </>
    );

  const stylist = loaded.stylist;
  const base: BookStep = { serviceId: service.id, stylistId: stylist.id };
  if (loaded.step === "time")
    return (
      <>
        <StepHeading
          number={3}
          title="Choose a day and time"
          back={{ to: bookHref({ serviceId: service.id }), label: "Stylists" }}
        />
        <p className="mb-1 text-slate-700">{summaryService}</p>
        <p className="mb-3 text-slate-700">{stylist.id === "any" ? "Any available stylist" : `With ${stylist.name}`}</p>
        <div className="mb-4">
          <ZoneNote timeZone={loaded.timeZone} />
        </div>
        <SlotPicker
          week={loaded.week}
          selectedDate={loaded.date ?? undefined}
          hrefFor={{
            week: (from) => bookHref({ ...base, from }),
            date: (date) => bookHref({ ...base, from: loaded.week.from, date }),
            start: (start) => bookHref({ ...base, from: loaded.week.from, start }),
          }}
        />
      </>
    );

  return <DetailsStep />;
}

type DetailsFields = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  notes: string;
  consent: string;
};

function DetailsStep() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  // Validated on the server (PublicBookingSchema, Conform's reply): no Zod or Conform in the
  // browser, which would put the page over its JavaScript budget.
  const result = reply?.result;
  const errorsOf = (name: keyof DetailsFields) => result?.error?.[name] ?? undefined;
  const valueOf = (name: keyof DetailsFields) => {
    const value = (result?.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : undefined;
  };
  const formErrors = result?.error?.[""] ?? undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!result?.error) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>("[data-form-alert]");
    target?.focus();
  }, [result]);
  if (loaded.step !== "details") return null;
  const { service, stylist, when } = loaded;
  const base: BookStep = { serviceId: service.id, stylistId: stylist.id, from: loaded.from ?? undefined };
  const busy = navigation.state === "submitting";
  const alternatives = reply?.alternatives ?? null;
  return (
    <>
      <StepHeading
        number={4}
        title="Your details"
        back={{ to: bookHref({ ...base, date: when.date }), label: "Times" }}
      />
      <section
        aria-labelledby="summary-heading"
        className="mb-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="summary-heading" className="sr-only">
          Your booking
        </h2>
        <dl className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-3 gap-y-2 text-sm">
          <dt className="text-slate-600">Service</dt>
          <dd className="font-semibold text-slate-900">
            {service.name}
            <span className="block font-normal text-slate-700">
              {service.duration}
              {service.price ? ` · ${service.price}` : ""}
            </span>
          </dd>
          <dd>
            <Link to={bookHref({})} className="font-semibold text-brand-700 underline">
              Change<span className="sr-only"> service</span>
            </Link>
          </dd>
          <dt className="text-slate-600">Stylist</dt>
          <dd className="font-semibold text-slate-900">{stylist.name}</dd>
          <dd>
            <Link to={bookHref({ serviceId: service.id })} className="font-semibold text-brand-700 underline">
              Change<span className="sr-only"> stylist</span>
            </Link>
          </dd>
          <dt className="text-slate-600">When</dt>
          <dd className="font-semibold text-slate-900">
            {when.dateLabel}
            <span className="block">{when.time}</span>
          </dd>
          <dd>
            <Link to={bookHref({ ...base, date: when.date })} className="font-semibold text-brand-700 underline">
              Change<span className="sr-only"> time</span>
            </Link>
          </dd>
        </dl>
        <div className="mt-3">
          <ZoneNote timeZone={loaded.timeZone} />
        </div>
      </section>

      <Form method="post" ref={formRef} noValidate className="space-y-4">
        <div tabIndex={-1} data-form-alert className="outline-none">
          <FormAlert errors={formErrors} />
        </div>
        <input type="hidden" name="serviceId" value={service.id} />
        {stylist.id === "any" ? null : <input type="hidden" name="stylistId" value={stylist.id} />}
        {alternatives && alternatives.length > 0 ? (
          <fieldset className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <legend className="px-1 text-base font-semibold text-slate-900">Choose another time</legend>
            <div className="mt-2 space-y-2">
              {alternatives.map((alternative, index) => (
                <label key={alternative.start} className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
                  <input
                    type="radio"
                    name="start"
                    value={alternative.start}
                    defaultChecked={index === 0}
                    className="size-5 accent-brand-700"
                  />
                  {alternative.label}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <input type="hidden" name="start" value={loaded.start} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            name="firstName"
            type="text"
            defaultValue={valueOf("firstName")}
            errors={errorsOf("firstName")}
            autoComplete="given-name"
            maxLength={100}
          />
          <Field
            label="Last name"
            name="lastName"
            type="text"
            defaultValue={valueOf("lastName")}
            errors={errorsOf("lastName")}
            autoComplete="family-name"
            maxLength={100}
          />
        </div>
        <Field
          label="Mobile phone"
          name="phone"
          type="tel"
          defaultValue={valueOf("phone")}
          errors={errorsOf("phone")}
          autoComplete="tel"
          hint="For the confirmation and a reminder."
        />
        <Field
          label="E-mail (optional)"
          name="email"
          type="email"
          defaultValue={valueOf("email")}
          errors={errorsOf("email")}
          autoComplete="email"
        />
        <TextareaField
          label="Notes for the salon (optional)"
          name="notes"
          defaultValue={valueOf("notes")}
          errors={errorsOf("notes")}
          rows={3}
        />
        {/* The honeypot (the schema's HONEYPOT_FIELD): people never see or reach it; a bot that fills every field gives itself away. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label>
            Leave this field empty
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>

        <section aria-labelledby="policy-heading" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 id="policy-heading" className="text-base font-semibold text-slate-900">
            Booking policy
          </h2>
          {loaded.policyText ? (
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{loaded.policyText}</p>
          ) : null}
          <p className="mt-1 text-sm text-slate-700">
            You can cancel or move this booking online up to {loaded.cancellationNoticeHours} hours before it starts,
            with the link you get after booking.
          </p>
          <div className="mt-3">
            <label className="flex items-start gap-3 text-sm text-slate-900">
              <input
                type="checkbox"
                name="consent"
                id="consent"
                defaultChecked={valueOf("consent") === "on"}
                aria-invalid={errorsOf("consent") ? true : undefined}
                aria-describedby={errorsOf("consent") ? "consent-error" : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>
                I agree to the booking policy, and that the salon keeps my name and contact details to manage my
                appointments and send me messages about them.
              </span>
            </label>
            {errorsOf("consent")?.length ? (
              <p id="consent-error" className="mt-1 text-sm text-red-700">
                {errorsOf("consent")?.[0]}
              </p>
            ) : null}
          </div>
        </section>

        <ProofOfWork key={reply ? JSON.stringify(reply.result) : "first"} />
        <button type="submit" disabled={busy} className={cn(buttonClasses("primary"), "min-h-12 w-full text-base")}>
          {busy ? "Booking…" : "Confirm booking"}
        </button>
      </Form>
    </>
  );
}
