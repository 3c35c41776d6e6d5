import { memo } from "react";
import { PlainLink } from "~/components/ui/plain-link";

/** A waiting client a free time on the shown day fits (times formatted by the loader). */
export type WaitlistFit = {
  entryId: number;
  clientName: string;
  serviceName: string;
  stylistName: string;
  time: string;
  offered: boolean;
  /** The booking dialog with the client, service, stylist and time filled in; null for who cannot book. */
  bookHref: string | null;
};

/** The Day view's line of waiting clients a free time fits: live, as the calendar reloads on every change. */
export const WaitlistStrip = memo(function WaitlistStrip({ fits }: { fits: WaitlistFit[] }) {
  if (fits.length === 0) return null;
  return (
    <section
      aria-label="Waitlist matches"
      className="flex flex-wrap items-center gap-2 border-b border-emerald-200 bg-emerald-50 px-4 py-1.5 text-sm text-emerald-900"
    >
      <PlainLink to="/waitlist" className="font-semibold underline">
        Waitlist
      </PlainLink>
      {fits.map((fit) => {
        const label = `${fit.clientName}: ${fit.serviceName}, ${fit.time} with ${fit.stylistName}${fit.offered ? " (offered)" : ""}`;
        return fit.bookHref && !fit.offered ? (
          <PlainLink
            key={fit.entryId}
            to={fit.bookHref}
            className="inline-flex min-h-9 items-center rounded-full bg-white px-3 ring-1 ring-emerald-300 hover:bg-emerald-100"
            aria-label={`Book ${label}`}
          >
            {label}
          </PlainLink>
        ) : (
          <span
            key={fit.entryId}
            className="inline-flex min-h-9 items-center rounded-full bg-white px-3 ring-1 ring-emerald-300"
          >
            {label}
          </span>
        );
      })}
    </section>
  );
});
