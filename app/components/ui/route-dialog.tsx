// A dialog that is a route (ARCHITECTURE "Dialogs are routes"), built on the native
// <dialog> element rather than a library. It renders open over a dimmed page, with a Close
// link, with or without JavaScript; without it, its form is an ordinary page. Closing
// navigates to `closeTo`.
//
// With JavaScript it is modal without showModal() (decision 0131): showModal() makes the
// page behind inert, which restyles every element of the page on opening and again on
// closing, 20-50 ms on a busy Day view at full speed and four times that on a salon's
// tablet. Instead the backdrop takes the pointer, `aria-modal` tells assistive technology,
// and this component does what the browser would: focus moves in, Tab stays inside, Escape
// closes, and focus goes back to where it was.
import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { PlainLink } from "./plain-link";

type RouteDialogProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Where closing goes: the parent route, keeping its query (view, date, search). */
  closeTo: string;
  children: ReactNode;
  size?: "md" | "lg";
};

const widths = { md: "max-w-lg", lg: "max-w-2xl" };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** What Tab reaches inside the dialog, in order: shown and not inside a closed <details>. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0 && !element.closest("[inert]"),
  );
}

/** Toasts sit above dialogs and stay reachable (their Undo and dismiss buttons). */
const outsideButReachable = (target: Element) => !!target.closest(".toaster");

export function RouteDialog({ title, description, closeTo, children, size = "md" }: RouteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  // Read by the listeners, which are added once: the latest place to close to.
  const close = useRef(() => {});
  close.current = () => navigate(closeTo, { preventScrollReset: true });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.setAttribute("aria-modal", "true");
    // As showModal() would: an autofocus field, else the first thing to focus, the Close link
    // (a field a component focused itself is left as it is). Found without measuring the
    // page: that would lay it out here, once more than the browser will.
    if (!element.contains(document.activeElement)) {
      const first =
        element.querySelector<HTMLElement>("[autofocus]") ?? element.querySelector<HTMLElement>(FOCUSABLE) ?? element;
      first.focus({ preventScroll: true });
    }
    const onKeyDown = (event: KeyboardEvent) => {
      // Listened to on the window, after the page's own handlers: a field that used Escape
      // (the client suggestions closing) has prevented it.
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        close.current();
      } else if (event.key === "Tab") {
        const inside = focusables(element);
        if (inside.length === 0) return;
        const first = inside[0]!;
        const last = inside.at(-1)!;
        const active = document.activeElement;
        const outside = !(active instanceof Element) || !element.contains(active);
        if (outside || (event.shiftKey ? active === first : active === last)) {
          event.preventDefault();
          (event.shiftKey ? last : first).focus();
        }
      }
    };
    // Focus that lands behind the dialog (a script, a screen reader's cursor) comes back in.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || element.contains(target) || outsideButReachable(target)) return;
      (focusables(element)[0] ?? element).focus({ preventScroll: true });
    };
    window.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      if (previous?.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
    };
  }, []);

  return (
    <>
      {/* Each on a layer of its own: coming and going, they repaint nothing of the page behind. */}
      <div className="fixed inset-0 z-40 bg-slate-900/50 will-change-transform" aria-hidden="true" />
      <dialog
        ref={dialog}
        open
        tabIndex={-1}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          "fixed inset-x-0 top-0 z-50 mx-auto my-3 will-change-transform max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] overflow-y-auto rounded-lg bg-white p-5 text-slate-900 shadow-xl ring-1 ring-slate-200 outline-none sm:my-10 sm:max-h-[calc(100dvh-5rem)] sm:p-6",
          widths[size],
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          {/* A plain link (decision 0131): no router hooks drawn again at each step of a navigation. */}
          <PlainLink
            to={closeTo}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Close"
            preventScrollReset
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
            </svg>
          </PlainLink>
        </div>
        {children}
      </dialog>
    </>
  );
}
