// At most one toast at a time (SPEC §2, §9): the newest replaces the last. Rendered on
// the server too, so a toast carried across a redirect shows without JavaScript.
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

type ToastMessage = { id: string; title: string; description: string; variant: "default" | "destructive" };
/** A button in the toast (SPEC §2: an optional action), for client toasts only. */
type ToastAction = { label: string; onClick: () => void };
type ShownToast = ToastMessage & { action?: ToastAction };

const DURATION_MS = 5000;
// A toast with an action stays longer, to give a finger or the keyboard (F8, Tab) time to
// reach it, and never leaves while the pointer or the focus is on it.
const ACTION_DURATION_MS = 10_000;
const listeners = new Set<(toast: ShownToast) => void>();
// A counter, not crypto.randomUUID(): browsers offer that only on HTTPS or localhost, and
// the salon's tablets reach the app over plain HTTP by a LAN address. The id is a React key.
let clientToastCount = 0;

/** Shows a toast from client code (optimistic moves, fetcher results). */
export function showToast(toast: Omit<ShownToast, "id" | "variant"> & { variant?: ToastMessage["variant"] }) {
  const message: ShownToast = { id: `client-${++clientToastCount}`, variant: "default", ...toast };
  for (const listener of listeners) listener(message);
}

export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [current, setCurrent] = useState<ShownToast | null>(toast);
  // The id of a toast the pointer or the focus is on: it stays until they leave.
  const [held, setHeld] = useState<string | null>(null);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (toast) setCurrent(toast);
  }, [toast]);

  useEffect(() => {
    listeners.add(setCurrent);
    return () => void listeners.delete(setCurrent);
  }, []);

  useEffect(() => {
    if (!current || held === current.id) return;
    const timer = setTimeout(() => setCurrent(null), current.action ? ACTION_DURATION_MS : DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, held]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section
      aria-label="Notifications (F8)"
      className="toaster pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end"
    >
      {/* Plain boxes, not a list: a list item may not carry the status or alert role (axe). */}
      <div ref={region} tabIndex={-1} className="w-full max-w-sm outline-none" aria-live="polite">
        {current ? (
          <div
            key={current.id}
            onPointerEnter={() => setHeld(current.id)}
            onPointerLeave={() => setHeld(null)}
            onFocus={() => setHeld(current.id)}
            onBlur={() => setHeld(null)}
            role={current.variant === "destructive" ? "alert" : "status"}
            className={cn(
              // Without JavaScript the stylesheet hides a toast after 5 s; a toast with an action is
              // only ever shown by the client, whose timer removes it.
              !current.action && "toast-expire",
              // The stylesheet's timer waits too while the toast is held, as the client's does.
              held === current.id && "toast-held",
              "pointer-events-auto flex items-start gap-3 rounded-lg p-4 shadow-lg ring-1",
              current.variant === "destructive"
                ? "bg-red-700 text-white ring-red-800"
                : "bg-white text-slate-900 ring-slate-200",
            )}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{current.title}</p>
              {current.description ? <p className="mt-1 text-sm opacity-90">{current.description}</p> : null}
            </div>
            {current.action ? (
              <button
                type="button"
                onClick={() => {
                  setCurrent(null);
                  current.action!.onClick();
                }}
                className="shrink-0 rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {current.action.label}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => setCurrent(null)}
              className="rounded p-1 text-current opacity-80 hover:opacity-100 focus-visible:outline-2"
              aria-label="Close"
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
