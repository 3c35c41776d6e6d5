// The public booking page's frame: no sign-in, no staff menu; the salon's name on top and
// the step below. While online booking is off every page under /book is a 404 that says so.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { publicSalon } from "~/domain/online-slots.server";
import { page } from "~/utils/http.server";

export const loader = page(async (_: LoaderFunctionArgs) => {
  const salon = await publicSalon();
  return { salonName: salon.salonName };
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.salonName ? `Book an appointment: ${data.salonName}` : "Book an appointment" },
];

export function BookFrame({ salonName, children }: { salonName?: string; children: ReactNode }) {
  return (
    <div className="min-h-full bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/book" className="text-lg font-bold text-slate-900 hover:underline">
            {salonName || "Book an appointment"}
          </Link>
          {salonName ? <span className="text-sm text-slate-600">Online booking</span> : null}
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 pb-12 pt-4">{children}</main>
    </div>
  );
}

export default function BookLayout() {
  const { salonName } = useLoaderData<typeof loader>();
  return (
    <BookFrame salonName={salonName}>
      <Outlet />
    </BookFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
  const title =
    status === 404
      ? detail && detail !== "Not found."
        ? detail
        : "This page does not exist."
      : status === 429
        ? "Please wait a moment"
        : "Something went wrong";
  const text =
    status === 404
      ? "Please contact the salon to book."
      : status === 429
        ? "There have been many requests from your connection. Please try again in a few minutes."
        : "Please try again in a moment.";
  return (
    <BookFrame>
      <div role="alert" className="rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-700">{text}</p>
      </div>
    </BookFrame>
  );
}
