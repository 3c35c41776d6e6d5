// A dialog that is a route (ARCHITECTURE "Dialogs are routes"), built on the native
// <dialog> element rather than a library: with JavaScript it is opened with showModal()
// (focus moves in, the page behind is inert, Escape closes); without JavaScript the same
// markup renders open over a dimmed page, with a Close link, and its form is an ordinary
// page. Closing navigates to `closeTo`.
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";

type RouteDialogProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Where closing goes: the parent route, keeping its query (view, date, search). */
  closeTo: string;
  children: ReactNode;
  size?: "md" | "lg";
};

const widths = { md: "max-w-lg", lg: "max-w-2xl" };

export function RouteDialog({ title, description, closeTo, children, size = "md" }: RouteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  const [modal, setModal] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Rendered open (non-modal) on the server; reopen as a modal once JavaScript runs.
    if (element.open) element.close();
    element.showModal();
    setModal(true);
  }, []);

  return (
    <>
      {modal ? null : <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />}
      <dialog
        ref={dialog}
        open
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeTo, { preventScrollReset: true });
        }}
        className={cn(
          "fixed inset-x-0 top-0 z-50 mx-auto my-3 max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] overflow-y-auto rounded-lg bg-white p-5 text-slate-900 shadow-xl ring-1 ring-slate-200 sm:my-10 sm:max-h-[calc(100dvh-5rem)] sm:p-6",
          "backdrop:bg-slate-900/50",
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
          <Link
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
          </Link>
        </div>
        {children}
      </dialog>
    </>
  );
}
