// Requests: online bookings awaiting staff's answer (the salon's approval switch is on).
// Each has Accept and Decline, plain forms that post here (no JavaScript needed); the
// client is told by text. A stylist sees the requests in their own column.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader } from "~/components/shell/app-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { answerRequest, listRequests } from "~/domain/online-requests.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { formatPence } from "~/lib/money";
import { pageHrefs } from "~/lib/paging";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";
import { RequestAnswerFormSchema, REQUESTS_PAGE_SIZE } from "~/lib/schemas/online";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { pageRequest } from "~/utils/paging.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Booking Requests" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "online.requests");
  const url = new URL(request.url);
  const [{ timeZone, clockFormat }, { items, nextCursor }] = await Promise.all([
    getGlobalSettings(),
    listRequests(user, pageRequest(url, { defaultLimit: REQUESTS_PAGE_SIZE, maxLimit: REQUESTS_PAGE_SIZE })),
  ]);
  const now = new Date().toISOString();
  const requests = items.map((item) => {
    const date = dateInZone(item.startTime, timeZone);
    return {
      id: item.id,
      clientName: item.client?.name ?? "Unknown client",
      phone: item.client?.phone ?? null,
      email: item.client?.email ?? null,
      service: item.service?.name ?? "No service",
      stylist: item.stylist.name,
      price: item.price,
      notes: item.notes,
      date,
      day: formatLongDate(date),
      time: `${formatClockTime(timeInZone(item.startTime, timeZone), clockFormat)} – ${formatClockTime(timeInZone(item.endTime, timeZone), clockFormat)}`,
      passed: item.startTime <= now,
    };
  });
  return { requests, ...pageHrefs(url, nextCursor) };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "online.requests");
  return formAction(request, RequestAnswerFormSchema, async ({ intent, appointmentId }) => {
    const answered = await answerRequest(user, appointmentId, intent);
    const who = answered.client?.name ?? "The client";
    return redirectWithToast("/requests", {
      title: intent === "accept" ? "Request accepted" : "Request declined",
      description:
        intent === "accept"
          ? `${who}'s booking is confirmed; the client is told.`
          : `${who}'s request is declined and the time is free again; the client is told.`,
    });
  });
});

export default function RequestsScreen() {
  const { requests, firstHref, nextHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = actionData?.result.error?.[""]?.[0] ?? null;
  return (
    <main className="mx-auto max-w-4xl p-4 sm:p-6">
      <PageHeader
        title="Booking Requests"
        description="Online bookings waiting for your answer. Each holds its time until you decline it."
      />
      <FormAlert errors={failure ? [failure] : null} />
      {requests.length === 0 ? (
        <EmptyState title="No requests waiting">
          New online bookings appear here while staff approval is on (Settings → Online Booking).
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Requests">
          {requests.map((item) => (
            <RequestRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pager firstHref={firstHref} nextHref={nextHref} label="Requests pages" />
      </div>
    </main>
  );
}

type RequestItem = ReturnType<typeof useLoaderData<typeof loader>>["requests"][number];

function RequestRow({ item }: { item: RequestItem }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("appointmentId") === String(item.id);
  const headingId = `request-${item.id}-title`;
  return (
    <li>
      <Card aria-labelledby={headingId} className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {item.clientName}
          </h2>
          <p className="text-sm text-slate-800">
            {item.service} with {item.stylist} · {formatPence(item.price)}
          </p>
          <p className="text-sm text-slate-800">
            <Link
              to={`/calendar?view=day&date=${item.date}`}
              className="font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              {item.day}, {item.time}
            </Link>
            {item.passed ? <span className="ml-2 text-amber-800">(time has passed)</span> : null}
          </p>
          {item.phone || item.email ? (
            <p className="text-sm break-all text-slate-600">{[item.phone, item.email].filter(Boolean).join(" · ")}</p>
          ) : null}
          {item.notes ? <p className="text-sm whitespace-pre-line text-slate-600">{item.notes}</p> : null}
        </div>
        <Form method="post" className="flex shrink-0 gap-2">
          <input type="hidden" name="appointmentId" value={item.id} />
          <Button
            type="submit"
            name="intent"
            value="decline"
            variant="secondary"
            disabled={busy}
            aria-label={`Decline ${item.clientName}'s request`}
          >
            Decline
          </Button>
          <Button
            type="submit"
            name="intent"
            value="accept"
            disabled={busy || item.passed}
            aria-label={`Accept ${item.clientName}'s request`}
          >
            Accept
          </Button>
        </Form>
      </Card>
    </li>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
