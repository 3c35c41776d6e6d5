// Which loaders run again on a navigation. Remix's default reloads every loader on the
// page whenever the search changes, so opening a dialog (whose URL adds a parameter)
// reloaded the root, the shell and the screen behind it. A screen's data changes only
// through a submission, a live update (the revalidator reloads the same URL) or its own
// search parameters.
import type { ShouldRevalidateFunction } from "@remix-run/react";

/** For a screen whose loader reads only `searchParams` of the URL (and the session). */
export function revalidateOnOwnParams(searchParams: readonly string[] = []): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
    if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search)
      return defaultShouldRevalidate;
    return searchParams.some((key) => currentUrl.searchParams.get(key) !== nextUrl.searchParams.get(key));
  };
}

/** For the root, whose only data is the toast a submission's redirect leaves behind. */
export const revalidateAfterSubmission: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  Boolean(formMethod && formMethod !== "GET") && defaultShouldRevalidate;
