// The Waitlist: clients waiting for a service between two dates, oldest first (first come,
// first offered), each with the free times that fit it now, linked to the calendar. Adding
// works without JavaScript: find the client (a GET search), then the entry's form; the
// booking dialog's "Add to waitlist" arrives here with the client, service, stylist and day filled in.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader } from "~/components/shell/app-shell";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Field, FormAlert, replyFieldErrors, replyMessage, SelectField, TextareaField } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { getClient, searchClients } from "~/domain/clients.server";
import { listServices } from "~/domain/services.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { listVisibleStylists } from "~/domain/stylists.server";
import { createWaitlistEntry, deleteWaitlistEntry, listWaitlist } from "~/domain/waitlist.server";
import { cn } from "~/lib/cn";
import { pageHrefs } from "~/lib/paging";
import {
  addDays,
  dateInZone,
  formatClockTime,
  formatLongDate,
  isCalendarDate,
  timeInZone,
  todayInZone,
} from "~/lib/salon-time";
import {
  WAITLIST_PAGE_SIZE,
  WAITLIST_STATUSES,
  WAITLIST_TIMES_LABELS,
  WaitlistFormSchema,
} from "~/lib/schemas/waitlist";
import { formAction } from "~/utils/form-action.server";
import { page, parseOptionalId } from "~/utils/http.server";
import { pageRequest } from "~/utils/paging.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Waitlist" }];

const TAB_LABELS = { waiting: "Waiting", expired: "Expired", booked: "Booked" } as const;

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "waitlist.manage");
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status = (WAITLIST_STATUSES as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as (typeof WAITLIST_STATUSES)[number])
    : "waiting";
  const { timeZone, clockFormat } = await getGlobalSettings();
  const today = todayInZone(timeZone);
  const query = url.searchParams.get("q")?.trim() ?? "";
  const clientId = parseOptionalId(url.searchParams.get("client"));
  const dateParam = url.searchParams.get("date") ?? "";
  const from = isCalendarDate(dateParam) && dateParam >= today ? dateParam : today;
  const [{ items, nextCursor }, services, stylists, found, chosen] = await Promise.all([
    listWaitlist(user, pageRequest(url, { defaultLimit: WAITLIST_PAGE_SIZE, maxLimit: WAITLIST_PAGE_SIZE }), {
      status,
    }),
    listServices(user, { activeOnly: true }),
    listVisibleStylists(user),
    query.length >= 3 ? searchClients(user, query, 8) : Promise.resolve([]),
    clientId ? getClient(user, clientId).catch(() => null) : Promise.resolve(null),
  ]);
  const when = (instant: string) => formatClockTime(timeInZone(instant, timeZone), clockFormat);
  const entries = items.map((entry) => ({
    ...entry,
    range:
      entry.from === entry.to
        ? formatLongDate(entry.from)
        : `${formatLongDate(entry.from)} to ${formatLongDate(entry.to)}`,
    matchLinks: entry.matches.map((match) => {
      const date = dateInZone(match.start, timeZone);
      return {
        key: `${match.stylistId}-${match.start}`,
        label: `${formatLongDate(date)}, ${when(match.start)} with ${match.stylistName}`,
        href: `/calendar?view=day&date=${date}&stylist=${match.stylistId}`,
      };
    }),
    offerLabel: entry.offer
      ? `Offered ${formatLongDate(dateInZone(entry.offer.start, timeZone))}, ${when(entry.offer.start)}; held until ${when(entry.offer.holdUntil)}`
      : null,
  }));
  return {
    status,
    entries,
    ...pageHrefs(url, nextCursor),
    services: services.map((service) => ({ id: service.id, name: service.name })),
    stylists: stylists.map((stylist) => ({ id: stylist.id, name: stylist.name })),
    query,
    found: found.map((client) => ({ id: client.id, name: client.name })),
    chosen: chosen ? { id: chosen.id, name: chosen.name } : null,
    defaults: {
      serviceId: url.searchParams.get("service") ?? "",
      stylistId: url.searchParams.get("stylist") ?? "",
      from,
      to: addDays(from, 6),
    },
  };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "waitlist.manage");
  return formAction(request, WaitlistFormSchema, async (value) => {
    if (value.intent === "remove") {
      await deleteWaitlistEntry(user, value.entryId!);
      return redirectWithToast("/waitlist", { title: "Removed from the waitlist", description: "The entry is gone." });
    }
    const { intent: _intent, entryId: _entryId, ...entry } = value;
    const created = await createWaitlistEntry(user, entry);
    return redirectWithToast("/waitlist", {
      title: "Added to the waitlist",
      description:
        created.matches.length > 0
          ? `${created.clientName}: a free time already fits; see it below.`
          : `${created.clientName} is waiting; the calendar shows when a time that fits opens.`,
    });
  });
});

export default function WaitlistScreen() {
  const { status, entries, firstHref, nextHref } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const removeFailed = reply?.intent === "remove" ? replyMessage(reply) : null;
  return (
    <main className="mx-auto max-w-5xl p-4 sm:p-6">
      <PageHeader
        title="Waitlist"
        description="Clients waiting for a time. When a booking is cancelled or moved, the free times that fit show here and on the calendar."
      />
      <AddEntry />
      <nav aria-label="Waitlist entries" className="mt-6 mb-3 flex flex-wrap gap-2">
        {WAITLIST_STATUSES.map((tab) => (
          <Link
            key={tab}
            to={tab === "waiting" ? "/waitlist" : `/waitlist?status=${tab}`}
            aria-current={tab === status ? "page" : undefined}
            className={cn(buttonClasses(tab === status ? "primary" : "secondary", "min-h-11 px-4"))}
          >
            {TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>
      <FormAlert errors={removeFailed ? [removeFailed] : null} />
      {entries.length === 0 ? (
        <EmptyState
          title={status === "waiting" ? "Nobody is waiting" : `No ${TAB_LABELS[status].toLowerCase()} entries`}
        >
          {status === "waiting" ? "Add a client above, or from the booking dialog when no time fits." : null}
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={`${TAB_LABELS[status]} clients`}>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pager firstHref={firstHref} nextHref={nextHref} label="Waitlist pages" />
      </div>
    </main>
  );
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

function EntryRow({ entry }: { entry: Entry }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("entryId") === String(entry.id);
  const headingId = `waitlist-${entry.id}-title`;
  return (
    <li>
      <Card aria-labelledby={headingId} className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            <Link to={`/clients/${entry.clientId}`} className="hover:underline">
              {entry.clientName}
            </Link>
          </h2>
          <p className="text-sm text-slate-800">
            {entry.serviceName} with {entry.stylistName ?? "any stylist"} · {entry.range} ·{" "}
            {WAITLIST_TIMES_LABELS[entry.times]}
          </p>
          {entry.notes ? <p className="text-sm whitespace-pre-line text-slate-600">{entry.notes}</p> : null}
          {entry.offerLabel ? (
            <p className="text-sm font-medium text-amber-800">
              {entry.offerLabel}
              {entry.offer?.sendStatus === "sent" ? " (sent)" : ""}
            </p>
          ) : null}
          {entry.status === "waiting" ? (
            entry.matchLinks.length > 0 ? (
              <div>
                <p className="text-sm font-medium text-emerald-800">Free times that fit:</p>
                <ul className="mt-1 flex flex-wrap gap-2" aria-label={`Free times for ${entry.clientName}`}>
                  {entry.matchLinks.map((match) => (
                    <li key={match.key}>
                      <Link
                        to={match.href}
                        className="inline-flex min-h-11 items-center rounded-md bg-emerald-50 px-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200 hover:bg-emerald-100"
                      >
                        {match.label}
                      </Link>
                    </li>
                  ))}
                </ul>
                {entry.needsPatchTest ? (
                  <p className="mt-1 text-sm text-amber-800">
                    No offer goes out automatically: {entry.clientName} has no valid patch test for {entry.serviceName}{" "}
                    at these times.
                  </p>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-slate-600">No free time fits yet.</p>
            )
          ) : null}
        </div>
        {entry.status !== "booked" ? (
          <Form method="post" className="shrink-0">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="entryId" value={entry.id} />
            <Button
              type="submit"
              variant="secondary"
              className="min-h-11"
              disabled={busy}
              aria-label={`Remove ${entry.clientName} from the waitlist`}
            >
              Remove
            </Button>
          </Form>
        ) : null}
      </Card>
    </li>
  );
}

function AddEntry() {
  const { services, stylists, query, found, chosen, defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const addReply = reply?.intent === "add" ? reply : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const errors = (field: string) => replyFieldErrors(addReply, field);
  const failure = addReply ? replyMessage(addReply) : null;
  return (
    <Card>
      <CardHeader title="Add to the waitlist" />
      {chosen ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="clientId" value={chosen.id} />
          <p className="text-sm text-slate-800">
            Client: <strong>{chosen.name}</strong>{" "}
            <Link to="/waitlist" className="ml-2 text-brand-800 underline">
              Choose another
            </Link>
          </p>
          <FormAlert errors={failure ? [failure] : null} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField
              label="Service"
              name="serviceId"
              defaultValue={defaults.serviceId}
              required
              errors={errors("serviceId")}
            >
              <option value="">Choose a service</option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Stylist"
              name="stylistId"
              defaultValue={defaults.stylistId}
              errors={errors("stylistId")}
            >
              <option value="">Any stylist</option>
              {stylists.map((stylist) => (
                <option key={stylist.id} value={stylist.id}>
                  {stylist.name}
                </option>
              ))}
            </SelectField>
            <SelectField label="Time of day" name="times" defaultValue="any" errors={errors("times")}>
              {Object.entries(WAITLIST_TIMES_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <Field label="From" name="from" type="date" defaultValue={defaults.from} required errors={errors("from")} />
            <Field label="To" name="to" type="date" defaultValue={defaults.to} required errors={errors("to")} />
          </div>
          <TextareaField label="Notes (optional)" name="notes" maxLength={500} errors={errors("notes")} />
          <div className="flex justify-end">
            <Button type="submit" className="min-h-11" disabled={busy}>
              {busy ? "Adding..." : "Add to waitlist"}
            </Button>
          </div>
        </Form>
      ) : (
        <div className="space-y-3">
          <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
            <Field
              label="Find the client"
              name="q"
              type="search"
              defaultValue={query}
              minLength={3}
              hint="At least 3 letters of the name, or part of the phone or e-mail."
              className="min-w-64 flex-1"
            />
            <Button type="submit" variant="secondary" className="min-h-11">
              Search
            </Button>
          </Form>
          {query.length >= 3 ? (
            found.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Matching clients">
                {found.map((client) => (
                  <li key={client.id}>
                    <Link to={`/waitlist?client=${client.id}`} className={buttonClasses("secondary", "min-h-11")}>
                      {client.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No client matches “{query}”.</p>
            )
          ) : null}
        </div>
      )}
    </Card>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
