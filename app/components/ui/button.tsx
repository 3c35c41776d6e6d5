import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

// The classes live in app/tailwind.css (`.btn`, `.btn-<variant>`, in the components layer):
// a list of fifty clients draws 150 buttons, and their utility classes written out were a
// third of the page's HTML. Utilities a caller adds still win (they come in a later layer).
const variants = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  destructive: "btn-destructive",
  ghost: "btn-ghost",
} as const;

export const buttonClasses = (variant: keyof typeof variants = "primary", className?: string) =>
  cn("btn", variants[variant], className);

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, className)} {...props} />;
});
