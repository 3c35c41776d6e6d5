import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/shell/app-shell";
import { useLiveUpdates } from "~/hooks/use-live-updates";
import { getGlobalSettings } from "~/domain/settings.server";
import { requireUser } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { salonName } = await getGlobalSettings();
  return { user, salonName };
}

export default function AppLayout() {
  const { user, salonName } = useLoaderData<typeof loader>();
  useLiveUpdates();
  return (
    <AppShell user={user} salonName={salonName}>
      <Outlet />
    </AppShell>
  );
}

function forbiddenText(error: unknown) {
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
  return detail && detail !== "You do not have permission to do that." ? detail : "You do not have permission to view this page.";
}

function ErrorPanel() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page Not Found" : status === 403 ? "Access Denied" : "Something went wrong";
  const text =
    status === 404
      ? "The page you are looking for does not exist."
      : status === 403
        ? forbiddenText(error)
        : "Please try again. If it keeps happening, tell your salon administrator.";
  return (
    <main className="p-6">
      <div role="alert" className="mx-auto max-w-lg rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        {status === 404 ? (
          <Link to="/calendar" className="mt-4 inline-block font-semibold text-brand-700 underline">
            Back to the calendar
          </Link>
        ) : null}
      </div>
    </main>
  );
}

/** Keeps the menu on screen when a page fails or is refused. */
export function ErrorBoundary() {
  const data = useLoaderDataSafe();
  if (!data) return <ErrorPanel />;
  return (
    <AppShell user={data.user} salonName={data.salonName}>
      <ErrorPanel />
    </AppShell>
  );
}

function useLoaderDataSafe() {
  return useRouteLoaderData<typeof loader>("routes/_app");
}
