import { cn } from "~/lib/cn";
import type { NavIconName } from "./navigation";

/** A menu icon: a CSS mask (app/tailwind.css) in the current text colour. */
export function NavIcon({ name, className = "size-5" }: { name: NavIconName; className?: string }) {
  return <span aria-hidden="true" className={cn("nav-icon", `nav-icon-${name}`, className)} />;
}
