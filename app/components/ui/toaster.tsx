// At most one toast at a time (SPEC §2, §9): the newest replaces the last. Rendered on
// the server too, so a toast carried across a redirect shows without JavaScript.
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

export type ToastMessage = { id: string; title: string; description: string; variant: "default" | "destructive" };

const DURATION_MS = 5000;
const listeners = new Set<(toast: ToastMessage) => void>();
// A counter, not crypto.randomUUID(): browsers offer that only on HTTPS or localhost, and
// the salon's tablets reach the app over plain HTTP by a LAN address. The id is a React key.
let clientToastCount = 0;

/** Shows a toast from client code (optimistic moves, fetcher results). */
export function showToast(toast: Omit<ToastMessage, "id" | "variant"> & { variant?: ToastMessage["variant"] }) {
  const message: ToastMessage = { id: `client-${++clientToastCount}`, variant: "default", ...toast };
  for (const listener of listeners) listener(message);
}

export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [current, setCurrent] = useState<ToastMessage | null>(toast);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (toast) setCurrent(toast);
  }, [toast]);

  useEffect(() => {
    listeners.add(setCurrent);
    return () => void listeners.delete(setCurrent);
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

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
    <section aria-label="Notifications (F8)" className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end">
      {/* Plain boxes, not a list: a list item may not carry the status or alert role (axe). */}
      <div ref={region} tabIndex={-1} className="w-full max-w-sm outline-none" aria-live="polite">
        {current ? (
          <div
            key={current.id}
            role={current.variant === "destructive" ? "alert" : "status"}
            className={cn(
              "toast-expire pointer-events-auto flex items-start gap-3 rounded-lg p-4 shadow-lg ring-1",
              current.variant === "destructive" ? "bg-red-700 text-white ring-red-800" : "bg-white text-slate-900 ring-slate-200",
            )}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{current.title}</p>
              {current.description ? <p className="mt-1 text-sm opacity-90">{current.description}</p> : null}
            </div>
            <button type="button" onClick={() => setCurrent(null)} className="rounded p-1 text-current opacity-80 hover:opacity-100 focus-visible:outline-2" aria-label="Close">
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
