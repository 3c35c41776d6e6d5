import { cn } from "~/lib/cn";

export function Logo({ name = "Salon", nameClassName }: { name?: string; nameClassName?: string }) {
  return (
    <div className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0">
        <rect width="32" height="32" rx="8" fill="#9d174d" />
        <path
          d="M10 22c6 0 12-4 12-12M10 10c0 6 4 12 12 12"
          stroke="#fff"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span className={cn("text-lg font-bold tracking-tight text-slate-900", nameClassName)}>{name}</span>
    </div>
  );
}
