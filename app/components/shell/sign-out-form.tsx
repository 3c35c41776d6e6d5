import { cn } from "~/lib/cn";

/**
 * `rail`: the icon-only form of the button, used by the icon rail. A plain form (signing out
 * loads a new document anyway): no router hooks in the menu, which is drawn on every screen
 * and would otherwise be drawn again at each step of every navigation (decision 0143).
 */
export function SignOutForm({ className, rail = false }: { className?: string; rail?: boolean }) {
  return (
    <form method="post" action="/logout">
      <button
        type="submit"
        className={cn(
          "rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100",
          rail && "p-2 xl:px-3 xl:py-2",
          className,
        )}
      >
        {rail ? (
          <>
            <span aria-hidden="true" className="nav-icon nav-icon-signout size-5 xl:hidden" />
            <span className="rail-label">Sign Out</span>
          </>
        ) : (
          "Sign Out"
        )}
      </button>
    </form>
  );
}
