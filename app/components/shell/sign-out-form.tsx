import { Form } from "@remix-run/react";
import { cn } from "~/lib/cn";

/** `railClassName`: classes of the icon-only form of the button, used by the icon rail. */
export function SignOutForm({ className, rail = false }: { className?: string; rail?: boolean }) {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button
        type="submit"
        title={rail ? "Sign Out" : undefined}
        className={cn("rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100", rail && "p-2 xl:px-3 xl:py-2", className)}
      >
        {rail ? (
          <>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 xl:hidden" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
            </svg>
            <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">Sign Out</span>
          </>
        ) : (
          "Sign Out"
        )}
      </button>
    </Form>
  );
}
