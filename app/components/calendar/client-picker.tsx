// The booking dialog's client fields. Typing more than 2 characters searches existing
// clients (SPEC §4); picking one switches to existing-client mode, and editing the name
// again returns to new-client mode. A name, phone or e-mail typed (or sent without
// JavaScript) that is on file under another client brings back the server's question:
// book for that client, or create a new one (decision 0097).
import { Link } from "@remix-run/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Badge } from "~/components/ui/badge";
import { controlClasses, ErrorList, Field } from "~/components/ui/field";
import type { ClientSummary } from "~/domain/clients.server";
import type { ClientCandidate } from "~/domain/errors";
import { useFieldState } from "~/hooks/use-field-state";

/** The server's question about a typed client (a 409's `details`, see ClientChoiceNeeded). */
export type ClientChoice = { candidates: ClientCandidate[]; confirmFor: string };

/** The question in a refused booking's reply, if that is why it was refused. */
export function clientChoiceOf(reply: { details?: Record<string, unknown> } | undefined): ClientChoice | null {
  const details = reply?.details;
  return details && Array.isArray(details.candidates) && typeof details.confirmFor === "string"
    ? (details as ClientChoice)
    : null;
}

type Props = {
  initial: { clientId: number | null; name: string; phone: string; email: string };
  errors: { clientName?: string[]; clientPhone?: string[]; clientEmail?: string[] };
  disabled?: boolean;
  choice?: ClientChoice | null;
};

const CLIENT_SEARCH_MIN = 3;

/**
 * Client suggestions as you type (more than 2 characters, SPEC §9), shared by the booking
 * dialog and the calendar header's search: the search, the open list, the active option
 * and the keys (arrows, Enter picks, Escape closes only the list).
 */
export function useClientSuggestions(query: string, enabled: boolean, onChoose: (client: ClientSummary) => void) {
  const [found, setFound] = useState<ClientSummary[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const term = query.trim();
  const searching = enabled && term.length >= CLIENT_SEARCH_MIN;

  // A plain request, not a fetcher (decision 0136): a fetcher's every load, and its removal
  // when the dialog closes, is a change of the router's state that draws the whole screen's
  // route tree again. The list keeps the last answer while the next one comes.
  useEffect(() => {
    if (!searching) return;
    const request = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/resources/client-search?${new URLSearchParams({ q: term })}`, { signal: request.signal })
        .then((response) => (response.ok ? (response.json() as Promise<ClientSummary[]>) : []))
        .then(setFound)
        // Left as it was when a newer term cancels it, or the tablet is offline.
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [term, searching]);

  const results = searching ? found : [];
  const showList = open && results.length > 0;
  const choose = (client: ClientSummary) => {
    setOpen(false);
    onChoose(client);
  };

  return {
    showList,
    inputProps: {
      role: "combobox" as const,
      "aria-expanded": showList,
      "aria-controls": listId,
      "aria-autocomplete": "list" as const,
      "aria-activedescendant": showList ? `${listId}-${active}` : undefined,
      autoComplete: "off",
      onFocus: () => setOpen(true),
      onBlur: () => setTimeout(() => setOpen(false), 150),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (!showList) return;
        if (event.key === "ArrowDown") {
          event.preventDefault();
          setActive((index) => Math.min(results.length - 1, index + 1));
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          setActive((index) => Math.max(0, index - 1));
        } else if (event.key === "Enter") {
          event.preventDefault();
          const chosen = results[active];
          if (chosen) choose(chosen);
        } else if (event.key === "Escape") {
          // Closes only the suggestions: not the dialog around them, nor the panel.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
      },
    },
    /** For the input's onChange: a new term reopens the list at its first option. */
    typed: () => {
      setOpen(true);
      setActive(0);
    },
    list: showList ? (
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching clients"
        className="absolute z-50 mt-1 max-h-56 w-full overflow-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {results.map((client, index) => (
          <li
            key={client.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={
              index === active
                ? "cursor-pointer bg-brand-50 px-3 py-2 text-sm"
                : "cursor-pointer px-3 py-2 text-sm hover:bg-slate-50"
            }
            onMouseDown={(event) => {
              event.preventDefault();
              choose(client);
            }}
          >
            <span className="font-medium text-slate-900">{client.name}</span>
            {client.phone ? <span className="ml-2 text-slate-600">{client.phone}</span> : null}
          </li>
        ))}
      </ul>
    ) : null,
  };
}

const MATCH_LABELS = { name: "same name", phone: "same phone number", email: "same e-mail" } as const;

/** "Book for Carla Cruz (07400 900123)?" or "Create a new client": the user's answer, sent as `clientChoice`. */
function ClientChoiceQuestion({ choice, typedName }: { choice: ClientChoice; typedName: string }) {
  const id = useId();
  const shares = choice.candidates.some((candidate) => candidate.matchedOn.includes("phone"))
    ? ", sharing the phone number"
    : choice.candidates.some((candidate) => candidate.matchedOn.includes("email"))
      ? ", sharing the e-mail"
      : "";
  const option = "flex cursor-pointer items-start gap-3 rounded-md bg-white p-2 ring-1 ring-amber-200";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Is this a client already on file?
      </h3>
      <p role="alert">Choose who this booking is for: a client on file has this name, phone number or e-mail.</p>
      <div role="radiogroup" aria-labelledby={`${id}-title`} className="space-y-2">
        {choice.candidates.map((candidate) => (
          <label key={candidate.id} className={option}>
            <input
              type="radio"
              name="clientChoice"
              value={candidate.id}
              required
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-medium">
                Book for {candidate.name}
                {candidate.phone ? ` (${candidate.phone})` : ""}?
              </span>
              <span className="block text-xs text-slate-700">
                On file: {candidate.matchedOn.map((match) => MATCH_LABELS[match]).join(", ")}
              </span>
            </span>
          </label>
        ))}
        <label className={option}>
          <input
            type="radio"
            name="clientChoice"
            value="new"
            required
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>
            <span className="block font-medium">Create a new client</span>
            <span className="block text-xs text-slate-700">
              A new record for {typedName}
              {shares}
            </span>
          </span>
        </label>
      </div>
      <input type="hidden" name="clientConfirmFor" value={choice.confirmFor} />
    </section>
  );
}

export function ClientPicker({ initial, errors, disabled, choice }: Props) {
  const [clientId, setClientId] = useState<number | null>(initial.clientId);
  const inputId = useId();
  const [name, setName] = useFieldState(initial.name, inputId);
  const [phone, setPhone] = useFieldState(initial.phone, `${inputId}-phone`);
  const [email, setEmail] = useFieldState(initial.email, `${inputId}-email`);
  const suggestions = useClientSuggestions(name, clientId === null, (client) => {
    setClientId(client.id);
    setName(client.name);
    setPhone(client.phone);
    setEmail(client.email ?? "");
  });

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="sr-only">Client</legend>
      <input type="hidden" name="clientId" value={clientId ?? ""} />
      <div className="relative">
        <div className="mb-1 flex items-center justify-between">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Client name
          </label>
          {clientId !== null ? (
            <span className="flex items-center gap-2">
              {/* Those who book may open a client's profile (decision 0083). */}
              <Link to={`/clients/${clientId}`} className="text-sm font-medium text-brand-800 underline">
                View profile<span className="sr-only"> of {name}</span>
              </Link>
              <Badge tone="green">Existing client</Badge>
            </span>
          ) : name.trim().length >= CLIENT_SEARCH_MIN ? (
            <Badge tone="blue">New client</Badge>
          ) : null}
        </div>
        <input
          id={inputId}
          name="clientName"
          value={name}
          {...suggestions.inputProps}
          aria-invalid={errors.clientName?.length ? true : undefined}
          aria-describedby={errors.clientName?.length ? `${inputId}-error` : undefined}
          className={controlClasses}
          placeholder="Search or type a new client's name"
          onChange={(event) => {
            setName(event.target.value);
            setClientId(null);
            suggestions.typed();
          }}
        />
        {suggestions.list}
        <ErrorList id={`${inputId}-error`} errors={errors.clientName} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={`${inputId}-phone`}
          label="Phone"
          name="clientPhone"
          type="tel"
          placeholder="(555) 123-4567"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          readOnly={clientId !== null}
          errors={errors.clientPhone}
          autoComplete="off"
        />
        <Field
          id={`${inputId}-email`}
          label="Email"
          name="clientEmail"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          readOnly={clientId !== null}
          errors={errors.clientEmail}
          autoComplete="off"
        />
      </div>
      {choice && clientId === null ? <ClientChoiceQuestion choice={choice} typedName={name.trim()} /> : null}
    </fieldset>
  );
}
