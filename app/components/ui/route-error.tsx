// The one error boundary of the app. A screen that fails or is refused keeps the menu; a
// dialog that fails (the booking was deleted on another tablet: 404; a clash: 409; not
// yours: 403) keeps the screen behind it and says what happened in the dialog itself.
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { returnPath, type ReturnScreen } from "~/lib/return-path";
import { RouteDialog } from "./route-dialog";

const DEFAULT_FORBIDDEN = "You do not have permission to do that.";

function describe(error: unknown) {
  // A screen that could not load because the connection is gone (decision 0124).
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    return {
      title: "This screen needs the connection",
      text: "The salon's network cannot be reached. The Day view for today and the next two days can be opened offline.",
    };
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
  if (status === 404)
    return {
      title: "Page Not Found",
      text: detail && detail !== "Not found." ? detail : "The page you are looking for does not exist.",
    };
  if (status === 403)
    return {
      title: "Access Denied",
      text: detail && detail !== DEFAULT_FORBIDDEN ? detail : "You do not have permission to view this page.",
    };
  if (status === 409 && detail) return { title: "Something changed", text: detail };
  return {
    title: "Something went wrong",
    text: "Please try again. If it keeps happening, tell your salon administrator.",
  };
}

export function ErrorPanel() {
  const { title, text } = describe(useRouteError());
  return (
    <main className="p-6">
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
      >
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        <a href="/calendar" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Back to the calendar
        </a>
      </div>
    </main>
  );
}

/** A screen's boundary: the message in place of the screen, the menu stays. */
export const ScreenErrorBoundary = ErrorPanel;

/** A dialog's boundary: the message in the dialog, the screen behind stays; closing returns to `screen`. */
export function dialogErrorBoundary(screen: ReturnScreen) {
  return function DialogErrorBoundary() {
    const { title, text } = describe(useRouteError());
    const location = useLocation();
    return (
      <RouteDialog title={title} closeTo={returnPath(screen, location.search)}>
        <p role="alert" className="text-sm text-slate-700">
          {text}
        </p>
      </RouteDialog>
    );
  };
}
