// A switch that is a real checkbox (role="switch"), so it posts with its form without
// JavaScript. The invisible input covers the drawn track and takes the clicks.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "~/lib/cn";

type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role">;

export const Switch = forwardRef<HTMLInputElement, SwitchProps>(function Switch({ className, ...input }, ref) {
  return (
    <span className={cn("relative inline-flex h-6 w-11 shrink-0", className)}>
      <input
        ref={ref}
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        {...input}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none size-full rounded-full bg-slate-400 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:opacity-60"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
});

/** A labelled switch with an optional description underneath the label. */
export function SwitchField({
  label,
  description,
  className,
  id: explicitId,
  ...input
}: SwitchProps & { label: ReactNode; description?: ReactNode }) {
  const fallback = useId();
  const id = explicitId ?? fallback;
  return (
    <div className={cn("flex items-center justify-between gap-4", className)}>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <Switch id={id} aria-describedby={description ? `${id}-description` : undefined} {...input} />
    </div>
  );
}
