// The client profile (decision 0083) at /clients/{id}: contact details and consent, SMS
// opt-out, the figures (total spent, visits, no-shows, cancellations, last visit, usual
// service and stylist), notes, and the upcoming and past appointments as two keyset-paged
// lists (`?upcoming=` and `?past=` cursors, plain links without JavaScript). 'Book again'
// opens the booking dialog with the client and the last visit's service and stylist.
// Admins and stylists only; a stylist sees their own appointments (decision 0083). The
// patch tests card lists the client's tests and records one (decision 0126).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { statusLabel } from "~/components/calendar/labels";
import { PageHeader } from "~/components/shell/app-shell";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { InvalidPhoneFlag } from "~/components/clients/invalid-phone";
import { isValidPhone } from "~/lib/phone";
import { PatchTestsCard } from "~/components/clients/patch-tests-card";
import { listPatchTests, recordPatchTest } from "~/domain/patch-tests.server";
import { PatchTestFormSchema } from "~/lib/schemas/patch-tests";
import { formAction } from "~/utils/form-action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useClockFormat } from "~/components/ui/clock-format";
import { Pager } from "~/components/ui/pager";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { clientAppointmentsPage, type AppointmentView } from "~/domain/appointments.server";
import { clientProfile } from "~/domain/client-profile.server";
import { can } from "~/domain/permissions";
import { getGlobalSettings } from "~/domain/settings.server";
import { formatPence } from "~/lib/money";
import { pageHrefs } from "~/lib/paging";
import { CONSENT_LABELS } from "~/lib/schemas/clients";
import { dateInZone, formatClockTime, formatLongDate, timeInZone, zonedToUtc } from "~/lib/salon-time";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

/** Each list shows this many appointments a page. */
const PROFILE_PAGE_SIZE = 10;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.name} · Clients` : "Client" },
];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "clients.profile");
  const id = parseId(params.clientId);
  const url = new URL(request.url);
  const { timeZone, country } = await getGlobalSettings();
  const { client, figures, bookAgain } = await clientProfile(user, id);
  const cursor = (param: string) => url.searchParams.get(param) || null;
  const [upcoming, past, tests] = await Promise.all([
    clientAppointmentsPage(user, id, "upcoming", { limit: PROFILE_PAGE_SIZE, after: cursor("upcoming") }),
    clientAppointmentsPage(user, id, "past", { limit: PROFILE_PAGE_SIZE, after: cursor("past") }),
    listPatchTests(user, id),
  ]);
  const now = new Date();
  const row = (appointment: AppointmentView) => ({
    id: appointment.id,
    date: dateInZone(appointment.startTime, timeZone),
    time: timeInZone(appointment.startTime, timeZone),
    status: appointment.status,
    service: appointment.service?.name ?? null,
    stylist: appointment.stylist.name,
    price: appointment.price,
  });
  const book = new URLSearchParams({ clientId: String(id) });
  if (bookAgain?.serviceId) book.set("serviceId", String(bookAgain.serviceId));
  if (bookAgain) book.set("stylistId", String(bookAgain.stylistId));
  return {
    client,
    country,
    // Checked here, so the phone-number library stays on the server.
    phoneInvalid: Boolean(client.phone) && !isValidPhone(client.phone ?? "", country),
    figures: { ...figures, lastVisit: figures.lastVisit ? dateInZone(figures.lastVisit, timeZone) : null },
    upcoming: { items: upcoming.items.map(row), ...pageHrefs(url, upcoming.nextCursor, "upcoming") },
    past: { items: past.items.map(row), ...pageHrefs(url, past.nextCursor, "past") },
    dates: {
      consent: client.consentDate ? dateInZone(client.consentDate, timeZone) : null,
      retention: client.dataRetentionDate ? dateInZone(client.dataRetentionDate, timeZone) : null,
      smsOptedOut: client.smsOptedOutAt ? dateInZone(client.smsOptedOutAt, timeZone) : null,
      emailUnsubscribed: client.emailUnsubscribedAt ? dateInZone(client.emailUnsubscribedAt, timeZone) : null,
    },
    patchTests: tests.map((test) => ({
      id: test.id,
      date: dateInZone(test.testedAt, timeZone),
      time: timeInZone(test.testedAt, timeZone),
      result: test.result,
      product: test.product,
      notes: test.notes,
      recordedBy: test.recordedBy.name,
    })),
    canRecordPatchTest: can(user.role, "patchTests.record"),
    today: { date: dateInZone(now, timeZone), time: timeInZone(now, timeZone).slice(0, 5) },
    bookAgainHref: can(user.role, "appointments.write") ? `/calendar/appointments/new?${book}` : null,
    canWrite: can(user.role, "clients.write"),
    canOpenAppointments: can(user.role, "appointments.write"),
    ownOnly: !can(user.role, "stylists.viewAll"),
  };
});

/** "Record patch test": the date and time in the salon's zone, by the signed-in user. */
export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "patchTests.record");
  const id = parseId(params.clientId);
  const { timeZone } = await getGlobalSettings();
  return formAction(request, PatchTestFormSchema, async (value) => {
    await recordPatchTest(user, id, {
      testedAt: zonedToUtc(value.date, value.time, timeZone).toISOString(),
      result: value.result,
      product: value.product,
      notes: value.notes,
    });
    return redirectWithToast(`/clients/${id}`, {
      title: "Patch test recorded",
      description: value.result === "pass" ? "Passed" : "Failed",
    });
  });
});

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Loaded["past"]["items"][number];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function AppointmentList({
  title,
  list,
  empty,
  pagerLabel,
  canOpen,
}: {
  title: string;
  list: Loaded["past"];
  empty: string;
  pagerLabel: string;
  canOpen: boolean;
}) {
  const clock = useClockFormat();
  const line = (item: Row) => (
    <>
      <span className="block font-medium text-slate-900">
        {formatLongDate(item.date)}, {formatClockTime(item.time, clock)}
      </span>
      <span className="block text-sm text-slate-600">
        {[item.service, item.stylist].filter(Boolean).join(" · ")}
        {item.status === "completed" ? ` · ${formatPence(item.price)}` : ""}
      </span>
    </>
  );
  return (
    <Card>
      <CardHeader title={title} />
      {list.items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={title}>
          {list.items.map((item) => {
            const status = statusLabel(item.status);
            return (
              <li key={item.id} className="flex items-start justify-between gap-3 py-2">
                {canOpen ? (
                  <Link
                    to={`/calendar/appointments/${item.id}?${new URLSearchParams({ view: "day", date: item.date })}`}
                    className="min-w-0 rounded hover:underline"
                  >
                    {line(item)}
                  </Link>
                ) : (
                  <span className="min-w-0">{line(item)}</span>
                )}
                {status ? (
                  <Badge
                    tone={item.status === "no_show" ? "red" : item.status === "completed" ? "green" : "neutral"}
                    className="shrink-0"
                  >
                    {status}
                  </Badge>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pager firstHref={list.firstHref} nextHref={list.nextHref} label={pagerLabel} />
    </Card>
  );
}

export default function ClientProfile() {
  const {
    client,
    phoneInvalid,
    figures,
    upcoming,
    past,
    dates,
    bookAgainHref,
    canWrite,
    canOpenAppointments,
    ownOnly,
    patchTests,
    canRecordPatchTest,
    today,
  } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const patchTestErrors = reply && "result" in reply ? reply.result.error : undefined;
  return (
    <main className="p-4 sm:p-6">
      <Link to="/clients" className="mb-2 inline-block text-sm font-medium text-brand-800 hover:underline">
        ← Clients
      </Link>
      <PageHeader
        title={client.name}
        description={ownOnly ? "Client profile: your appointments with this client" : "Client profile"}
      >
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <Link to={`/clients/${client.id}/edit`} className={buttonClasses("secondary")}>
              Edit
            </Link>
          ) : null}
          {bookAgainHref ? (
            <Link to={bookAgainHref} className={buttonClasses()}>
              Book again
            </Link>
          ) : null}
        </div>
      </PageHeader>
      {!client.isActive || client.erasureRequestedAt || client.smsOptedOutAt || client.emailUnsubscribedAt ? (
        <div className="-mt-3 mb-4 flex flex-wrap gap-1.5">
          {!client.isActive ? <Badge>Inactive</Badge> : null}
          {client.erasureRequestedAt ? <Badge tone="red">Erasure requested</Badge> : null}
          {client.smsOptedOutAt ? <Badge tone="amber">SMS opted out</Badge> : null}
          {client.emailUnsubscribedAt ? <Badge tone="amber">E-mail reminders off</Badge> : null}
        </div>
      ) : null}
      <StatGrid>
        <StatCard
          label="Total Spent"
          value={formatPence(figures.totalSpent)}
          hint="Completed visits at booked prices"
        />
        <StatCard
          label="Visits"
          value={figures.visits}
          hint={figures.lastVisit ? `Last visit ${formatLongDate(figures.lastVisit)}` : "No visits yet"}
        />
        <StatCard label="No-shows" value={figures.noShows} hint={plural(figures.noShows, "no-show")} />
        <StatCard
          label="Cancellations"
          value={figures.cancellations}
          hint={plural(figures.cancellations, "cancellation")}
        />
      </StatGrid>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title="Details" />
          <dl className="divide-y divide-slate-100">
            <Detail label="Phone">
              {client.phone ? <a href={`tel:${client.phone.replace(/[^\d+]/g, "")}`}>{client.phone}</a> : "–"}{" "}
              <InvalidPhoneFlag invalid={phoneInvalid} hint />
            </Detail>
            <Detail label="Email">{client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : "–"}</Detail>
            {client.address ? <Detail label="Address">{client.address}</Detail> : null}
            {client.birthday ? <Detail label="Birthday">{client.birthday}</Detail> : null}
            <Detail label="Consent">{client.consentType ? CONSENT_LABELS[client.consentType] : "–"}</Detail>
            <Detail label="Consent given">{dates.consent ? formatLongDate(dates.consent) : "–"}</Detail>
            <Detail label="Data kept until">{dates.retention ? formatLongDate(dates.retention) : "–"}</Detail>
            <Detail label="SMS reminders">
              {dates.smsOptedOut ? `Opted out on ${formatLongDate(dates.smsOptedOut)}` : "Receives reminders"}
            </Detail>
            <Detail label="E-mail reminders">
              {dates.emailUnsubscribed
                ? `Unsubscribed on ${formatLongDate(dates.emailUnsubscribed)} (booking e-mails still go)`
                : client.email
                  ? "Receives reminders"
                  : "–"}
            </Detail>
          </dl>
        </Card>
        <Card>
          <CardHeader title="Habits" />
          <dl className="divide-y divide-slate-100">
            <Detail label="Last visit">{figures.lastVisit ? formatLongDate(figures.lastVisit) : "–"}</Detail>
            <Detail label="Usual service">{figures.usualService?.name ?? "–"}</Detail>
            <Detail label="Usual stylist">{figures.usualStylist?.name ?? "–"}</Detail>
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Notes</h3>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{client.notes || "No notes"}</p>
        </Card>
        <PatchTestsCard tests={patchTests} canRecord={canRecordPatchTest} today={today} errors={patchTestErrors} />
        <AppointmentList
          title="Upcoming appointments"
          list={upcoming}
          empty="No upcoming appointments"
          pagerLabel="Upcoming appointments pages"
          canOpen={canOpenAppointments}
        />
        <AppointmentList
          title="Past appointments"
          list={past}
          empty="No past appointments"
          pagerLabel="Past appointments pages"
          canOpen={canOpenAppointments}
        />
      </div>
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
