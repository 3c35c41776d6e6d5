import { Form } from "@remix-run/react";
import { cn } from "~/lib/cn";

export function SignOutForm({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={cn("whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100", className)}>
        Sign Out
      </button>
    </Form>
  );
}
