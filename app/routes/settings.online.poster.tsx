// The printable A4 poster of the online booking link: the salon's name, the QR code, the
// link and a short call to action, on a page of its own (no app chrome) so it prints as is.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { bookingLinkAndQr } from "~/domain/online-link.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Booking Poster · ${data?.salonName ?? "Online Booking"}` },
];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "online.manage");
  const [{ salonName }, { link, qrSvg }] = await Promise.all([getGlobalSettings(), bookingLinkAndQr(user, request)]);
  return { salonName, link, qrSvg };
});

const PRINT_CSS = `
@page { size: A4; margin: 15mm; }
@media print {
  .poster-screen-only { display: none !important; }
  body { background: #fff !important; }
  .poster-sheet { box-shadow: none !important; width: auto !important; min-height: 0 !important; }
}
`;

export default function BookingPoster() {
  const { salonName, link, qrSvg } = useLoaderData<typeof loader>();
  const shown = link.replace(/^https?:\/\//, "");
  return (
    <div className="min-h-full bg-slate-100 py-6 print:bg-white print:py-0">
      <style>{PRINT_CSS}</style>
      <nav
        aria-label="Poster"
        className="poster-screen-only mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-between gap-2 px-4"
      >
        <Link to="/settings/online" className={buttonClasses("secondary")}>
          Back to Online Booking
        </Link>
        <p className="text-sm text-slate-700">Print this page on A4 (your browser&apos;s Print command).</p>
      </nav>
      <main className="poster-sheet mx-auto flex w-full max-w-[210mm] flex-col items-center gap-8 bg-white px-8 py-12 text-center text-slate-900 shadow-sm sm:min-h-[297mm] sm:px-16 print:px-0">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{salonName}</h1>
        <p className="text-2xl font-semibold text-brand-800 sm:text-3xl">Book your next appointment online</p>
        <div
          className="w-full max-w-[110mm]"
          role="img"
          aria-label={`QR code for ${link}`}
          // Drawn on the server by the qrcode library from the link alone.
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <p className="text-xl text-slate-800">Scan the code with your phone&apos;s camera, or visit</p>
        <p className="break-all font-mono text-2xl font-semibold">{shown}</p>
        <p className="text-lg text-slate-700">
          Choose your service, your stylist and a time that suits you, any time of day.
        </p>
      </main>
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
