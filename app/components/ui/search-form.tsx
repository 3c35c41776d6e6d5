// A search box that is a GET form: without JavaScript it submits `?q=`; with JavaScript it
// filters as you type (debounced, replacing the history entry).
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { controlClasses } from "./field";

export function SearchForm({
  label,
  placeholder,
  defaultValue,
  name = "q",
  hidden = {},
  landmark = true,
}: {
  label: string;
  placeholder: string;
  defaultValue: string;
  name?: string;
  hidden?: Record<string, string>;
  /** A screen's search is a landmark; a search inside a dialog is not (the screen behind it keeps its own). */
  landmark?: boolean;
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      // One search landmark per screen: a dialog's search over a screen's is a plain form.
      role={landmark ? "search" : undefined}
      className="flex gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 200);
      }}
    >
      {Object.entries(hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label className="sr-only" htmlFor={`search-${name}`}>
        {label}
      </label>
      <input
        id={`search-${name}`}
        type="search"
        name={name}
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={controlClasses}
        autoComplete="off"
      />
      <noscript>
        <button type="submit" className="rounded-md bg-white px-3 text-sm font-semibold ring-1 ring-slate-300">
          Search
        </button>
      </noscript>
    </Form>
  );
}
