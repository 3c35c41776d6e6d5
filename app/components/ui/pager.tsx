// The one pager of the app's keyset-paged lists (decision 0065): plain links, so it works
// without JavaScript. "Next page" follows the list's cursor; "First page" drops it (the
// addresses come from `pageHrefs` in app/lib/paging.ts).
import { Link } from "@remix-run/react";
import { buttonClasses } from "./button";

export function Pager({
  firstHref,
  nextHref,
  label = "Pages",
}: {
  firstHref: string | null;
  nextHref: string | null;
  label?: string;
}) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-end gap-2 pt-3">
      {firstHref ? (
        <Link to={firstHref} preventScrollReset className={buttonClasses("secondary", "min-h-9 px-3 py-1.5")}>
          First page
        </Link>
      ) : null}
      {nextHref ? (
        <Link to={nextHref} preventScrollReset className={buttonClasses("secondary", "min-h-9 px-3 py-1.5")}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
