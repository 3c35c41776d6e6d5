// A line of a visit in the edit dialog (decision 0110): the visit's other lines, and the
// question "This service only / The whole visit" for a change or a delete.

/** Another line of the visit an appointment belongs to, as the edit dialog lists it. */
export type VisitSibling = { id: number; when: string; service: string; stylist: string; href: string };

/** The edit dialog's list of the visit's other lines, each a link to open it. */
export function VisitSiblings({ lines }: { lines: VisitSibling[] }) {
  return (
    <section aria-labelledby="visit-siblings-title" className="rounded-md border border-slate-200 px-3 py-2">
      <h3 id="visit-siblings-title" className="text-sm font-medium text-slate-800">
        Also in this visit
      </h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="visit-siblings">
        {lines.map((line) => (
          <li key={line.id}>
            <a href={line.href} className="underline decoration-slate-400 hover:text-slate-900">
              {line.when}: {line.service} with {line.stylist}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "This service only / The whole visit": a radio pair, with JavaScript and without. */
export function VisitScopeChoice({ name = "visitScope", verb }: { name?: string; verb: "Change" | "Delete" | "Move" }) {
  const choices = [
    { value: "line", label: "This service only" },
    { value: "visit", label: "The whole visit" },
  ];
  return (
    <fieldset className="rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{verb} which services of this visit?</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {choices.map((choice) => (
          <div key={choice.value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${name}-${choice.value}`}
              name={name}
              value={choice.value}
              defaultChecked={choice.value === "line"}
              className="size-4 accent-brand-700"
            />
            <label htmlFor={`${name}-${choice.value}`} className="text-sm text-slate-800">
              {choice.label}
            </label>
          </div>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600">
        The whole visit: the other services move by as much, each with its own stylist.
      </p>
    </fieldset>
  );
}
