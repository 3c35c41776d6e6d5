// A stored phone that is not a valid number (saved before numbers were checked): flagged
// where staff read it, since no reminder can reach it until someone corrects it. The check
// runs in the loader (`isValidPhone` from ~/lib/phone): the phone-number library stays out
// of the browser's JavaScript.
import { Badge } from "~/components/ui/badge";

export const INVALID_PHONE_FLAG = "Phone number not valid";

export function InvalidPhoneFlag({ invalid, hint = false }: { invalid: boolean | undefined; hint?: boolean }) {
  if (!invalid) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <Badge tone="red">{INVALID_PHONE_FLAG}</Badge>
      {hint ? (
        <span className="text-xs text-slate-700">No SMS reminder can be sent; edit the client to correct it.</span>
      ) : null}
    </span>
  );
}
