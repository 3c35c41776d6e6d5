// A dialog that is a route (ARCHITECTURE "Dialogs are routes"). With JavaScript it is a
// Radix dialog over the parent page (focus trapped, Escape closes, closing navigates to
// `closeTo`). Before hydration and without JavaScript it is the same content in a CSS
// overlay with a Close link, so the form inside works as an ordinary page.
import { Link, useNavigate } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useId, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { cn } from "~/lib/cn";

type RouteDialogProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Where closing goes: the parent route, keeping its query (view, date, search). */
  closeTo: string;
  children: ReactNode;
  size?: "md" | "lg";
};

const panel = "w-full rounded-lg bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-6";
const widths = { md: "max-w-lg", lg: "max-w-2xl" };

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
    </svg>
  );
}

const closeClasses = "rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900";

export function RouteDialog({ title, description, closeTo, children, size = "md" }: RouteDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();

  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-50 overflow-y-auto bg-slate-900/50 px-3 py-6 sm:py-12">
        <section role="dialog" aria-modal="true" aria-labelledby={titleId} className={cn(panel, widths[size], "mx-auto")}>
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
            </div>
            <Link to={closeTo} className={closeClasses} aria-label="Close" preventScrollReset>
              <CloseIcon />
            </Link>
          </div>
          {children}
        </section>
      </div>
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <div className="pointer-events-none fixed inset-0 z-50 overflow-y-auto px-3 py-6 sm:py-12">
          <Dialog.Content className={cn(panel, widths[size], "pointer-events-auto mx-auto focus:outline-none")}>
            <div className="mb-4 flex items-start justify-between gap-3">
              <div>
                <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
                {description ? (
                  <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
                ) : (
                  <Dialog.Description className="sr-only">{title}</Dialog.Description>
                )}
              </div>
              <Dialog.Close className={closeClasses} aria-label="Close">
                <CloseIcon />
              </Dialog.Close>
            </div>
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
