// Merge Clients (admins, decision 0061): from a client's card, find the other record of
// the same client by search (?find=), choose it (?with=), then confirm which record is
// kept. Every step is a link or a form, so it works without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormAlert, formErrorsOf } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { SearchForm } from "~/components/ui/search-form";
import { mergeClients } from "~/domain/client-merge.server";
import { getClient, searchClients, type VisibleClient } from "~/domain/clients.server";
import { returnPath } from "~/lib/return-path";
import { formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

const SEARCH_RESULTS = 10;

const MergeSchema = z.object({
  otherClientId: z
    .number({ required_error: "Choose the client to merge", invalid_type_error: "Choose the client to merge" })
    .int()
    .positive(),
  keep: z.enum(["this", "other"], { errorMap: () => ({ message: "Choose the record to keep" }) }),
});

function summary(client: VisibleClient) {
  return {
    id: client.id,
    name: client.name,
    phone: client.phone ?? "",
    email: client.email ?? null,
    appointmentCount: client.appointmentCount,
    createdAt: client.createdAt,
  };
}

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "clients.merge");
  const id = parseId(params.clientId);
  const url = new URL(request.url);
  const client = summary(await getClient(user, id));
  const withParam = url.searchParams.get("with");
  if (withParam) {
    const otherId = parseId(withParam);
    if (otherId === id) return { client, other: null, find: "", results: [] };
    return { client, other: summary(await getClient(user, otherId)), find: "", results: [] };
  }
  const find = (url.searchParams.get("find") ?? "").trim().slice(0, 200);
  const results = find
    ? (await searchClients(user, find, SEARCH_RESULTS + 1)).filter((row) => row.id !== id).slice(0, SEARCH_RESULTS)
    : [];
  return { client, other: null, find, results };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "clients.merge");
  const id = parseId(params.clientId);
  const url = new URL(request.url);
  return formAction(
    request,
    MergeSchema,
    async ({ otherClientId, keep }) => {
      const [keptId, duplicateId] = keep === "this" ? [id, otherClientId] : [otherClientId, id];
      const { client, appointmentsMoved } = await mergeClients(user, keptId, duplicateId);
      return redirectWithToast(returnPath("/clients", url), {
        title: "Clients merged",
        description: `${client.name} is kept; ${appointmentsMoved} ${appointmentsMoved === 1 ? "appointment" : "appointments"} moved from the other record.`,
      });
    },
    { failure: (error) => `Failed to merge clients. ${error.message}` },
  );
});

type Summary = ReturnType<typeof summary>;

function ClientFacts({ client }: { client: Summary }) {
  return (
    <dl className="mt-1 space-y-0.5 text-sm text-slate-700">
      <div className="flex gap-2">
        <dt className="sr-only">Phone</dt>
        <dd>{client.phone || "No phone"}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="sr-only">Email</dt>
        <dd className="break-all">{client.email ?? "No e-mail"}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="sr-only">Appointments</dt>
        <dd>
          {client.appointmentCount} {client.appointmentCount === 1 ? "appointment" : "appointments"}
        </dd>
      </div>
    </dl>
  );
}

function Confirmation({ client, other }: { client: Summary; other: Summary }) {
  const location = useLocation();
  const navigation = useNavigation();
  const reply = useActionData<typeof action>();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const choose = `${location.pathname}${searchWithout(location.search, ["with", "find"])}`;
  return (
    <Form method="post" action={`${location.pathname}${location.search}`} className="space-y-4">
      <FormAlert errors={reply ? formErrorsOf(reply.result) : null} />
      <input type="hidden" name="otherClientId" value={other.id} />
      <p className="text-sm text-slate-700">
        Merge <strong>{client.name}</strong> and <strong>{other.name}</strong> into one record? The other record's
        appointments, messages, consent and notes move to the one you keep, and the other record is removed. This cannot
        be undone.
      </p>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Record to keep</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {[
            { value: "this", record: client },
            { value: "other", record: other },
          ].map(({ value, record }) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-md p-3 ring-1 ring-slate-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
            >
              <input
                type="radio"
                name="keep"
                value={value}
                defaultChecked={value === "this"}
                className="mt-1 size-4 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block break-words font-semibold text-slate-900">Keep {record.name}</span>
                <ClientFacts client={record} />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={choose} className={buttonClasses("secondary")} preventScrollReset>
          Choose another client
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Merging..." : "Merge Clients"}
        </Button>
      </div>
    </Form>
  );
}

/** The query string without the merge dialog's own parameters (the list's search stays). */
function searchWithout(search: string, keys: string[]): string {
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function Finder() {
  const { client, find, results } = useLoaderData<typeof loader>();
  const location = useLocation();
  const base = searchWithout(location.search, ["with", "find"]);
  const hidden = Object.fromEntries(new URLSearchParams(base));
  const chooseLink = (id: number) => `${location.pathname}${base ? `${base}&` : "?"}with=${id}`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Find the other record of <strong>{client.name}</strong> by name, phone or e-mail. You choose which record is
        kept on the next step.
      </p>
      <SearchForm
        label="Find the client to merge"
        placeholder="Name, phone or e-mail..."
        defaultValue={find}
        name="find"
        hidden={hidden}
        landmark={false}
      />
      {find ? (
        results.length === 0 ? (
          <p className="text-sm text-slate-700">No other client matches your search.</p>
        ) : (
          <ul aria-label="Matching clients" className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200">
            {results.map((row) => (
              <li key={row.id} className="flex items-center justify-between gap-3 p-3">
                <div className="min-w-0 text-sm">
                  <p className="break-words font-semibold text-slate-900">{row.name}</p>
                  <p className="break-all text-slate-700">{[row.phone, row.email].filter(Boolean).join(" · ")}</p>
                </div>
                <Link
                  to={chooseLink(row.id)}
                  preventScrollReset
                  className={buttonClasses("secondary", "min-h-9 shrink-0 px-3 py-1.5")}
                  aria-label={`Choose ${row.name}`}
                >
                  Choose
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {results.length === SEARCH_RESULTS ? (
        <p className="text-sm text-slate-600">
          The best {SEARCH_RESULTS} matches are shown; type more to narrow the search.
        </p>
      ) : null}
    </div>
  );
}

export default function MergeClientDialog() {
  const { client, other } = useLoaderData<typeof loader>();
  const location = useLocation();
  const closeTo = returnPath("/clients", location.search);
  return (
    <RouteDialog title="Merge Clients" description="Two records of one person become one." closeTo={closeTo} size="lg">
      {other ? <Confirmation client={client} other={other} /> : <Finder />}
      {other ? null : (
        <div className="mt-4 flex justify-end">
          <Link to={closeTo} className={buttonClasses("secondary")} preventScrollReset>
            Cancel
          </Link>
        </div>
      )}
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/clients");
