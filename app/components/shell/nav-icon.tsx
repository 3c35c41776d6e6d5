import { cn } from "~/lib/cn";

/** A menu icon, named by the screen's path ("/calendar"): a CSS mask (app/tailwind.css) in the current text colour. */
export function NavIcon({ path, className = "size-5" }: { path: string; className?: string }) {
  return <span aria-hidden="true" className={cn("nav-icon", `nav-icon-${path.slice(1)}`, className)} />;
}
