// The stylist chooser of the Pricing and Availability screens: links carrying
// `?stylist=`, so the choice is in the address and works without JavaScript.
import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

type StylistItem = { id: number; name: string; email: string };

export function StylistList({
  stylists,
  selectedId,
  heading,
  empty,
}: {
  stylists: StylistItem[];
  selectedId: number | null;
  heading: string;
  empty: string;
}) {
  return (
    <Card className="p-3">
      <h2 className="px-2 pb-2 text-sm font-semibold text-slate-900">{heading}</h2>
      {stylists.length === 0 ? (
        <p className="px-2 pb-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <nav aria-label="Stylists">
          <ul className="flex flex-wrap gap-1 xl:block xl:space-y-1">
            {stylists.map((stylist) => {
              const selected = stylist.id === selectedId;
              return (
                <li key={stylist.id}>
                  <Link
                    to={`?stylist=${stylist.id}`}
                    aria-current={selected ? "page" : undefined}
                    preventScrollReset
                    className={cn(
                      "block rounded-md px-3 py-2",
                      selected ? "bg-brand-50 ring-1 ring-brand-100" : "hover:bg-slate-100",
                    )}
                  >
                    <span className={cn("block text-sm font-medium", selected ? "text-brand-800" : "text-slate-900")}>
                      {stylist.name}
                    </span>
                    {stylist.email ? (
                      <span className="block truncate text-xs text-slate-600">{stylist.email}</span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </Card>
  );
}
