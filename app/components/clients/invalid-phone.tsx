// A stored phone that is not a valid number (saved before numbers were checked): flagged
// where staff read it, since no reminder can reach it until someone corrects it.
import { Badge } from "~/components/ui/badge";
import { isValidPhone } from "~/lib/phone";

export const INVALID_PHONE_FLAG = "Phone number not valid";

export function InvalidPhoneFlag({
  phone,
  country,
  hint = false,
}: {
  phone: string | null | undefined;
  country: string;
  hint?: boolean;
}) {
  if (!phone || isValidPhone(phone, country)) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <Badge tone="red">{INVALID_PHONE_FLAG}</Badge>
      {hint ? (
        <span className="text-xs text-slate-700">No SMS reminder can be sent; edit the client to correct it.</span>
      ) : null}
    </span>
  );
}
