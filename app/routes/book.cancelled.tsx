// After a client cancels online: the manage link opens nothing any more, so the answer is
// this page, with the reference the client may quote to the salon.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { page } from "~/utils/http.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const reference = new URL(request.url).searchParams.get("reference") ?? "";
  return { reference: /^[A-Z0-9]{1,16}$/.test(reference) ? reference : null };
});

export default function BookingCancelled() {
  const { reference } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="mb-3 text-2xl font-bold text-slate-900">Booking cancelled</h1>
      <p role="status" className="rounded-lg bg-white p-4 text-slate-800 shadow-sm ring-1 ring-slate-200">
        Your booking
        {reference ? (
          <>
            {" "}
            (reference <span className="font-mono font-semibold">{reference}</span>)
          </>
        ) : null}{" "}
        is cancelled. Thank you for letting the salon know.
      </p>
      <Link to="/book" className={cn(buttonClasses("primary"), "mt-4 min-h-12 w-full")}>
        Make a new booking
      </Link>
    </>
  );
}
