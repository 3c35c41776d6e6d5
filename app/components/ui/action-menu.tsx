// A small "more actions" menu that is a <details> disclosure, so it opens without
// JavaScript; with JavaScript, Escape and a click elsewhere close it.
import { Link, type LinkProps } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

export function ActionMenu({ label, children }: { label: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const menu = details.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const menu = details.current;
      if (event.key !== "Escape" || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details ref={details} className="relative">
      <summary
        aria-label={label}
        title={label}
        className="cursor-pointer rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <circle cx="4" cy="10" r="1.75" />
          <circle cx="10" cy="10" r="1.75" />
          <circle cx="16" cy="10" r="1.75" />
        </svg>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-44 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200">
        {children}
      </div>
    </details>
  );
}

export function ActionMenuLink(props: LinkProps) {
  return <Link {...props} className="block rounded px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100" />;
}
