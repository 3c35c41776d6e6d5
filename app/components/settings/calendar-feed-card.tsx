import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert, formErrorsOf, SelectField, type FailedReply } from "~/components/ui/field";

export const FEED_ISSUE = "feed-issue";
export const FEED_OFF = "feed-off";

type Stylist = { id: number; name: string };
type CalendarFeedCardProps = {
  /** Admins choose whose link; a stylist sees only their own. */
  chooser: boolean;
  stylists: Stylist[];
  selected: Stylist | null;
  status: { active: boolean; createdOn: string | null } | null;
};
type Reply = (FailedReply & { url?: string; stylistId?: number }) | undefined;

const URL_FIELD_ID = "calendar-feed-url";

/**
 * Copies to the clipboard. The Clipboard API exists only in secure contexts, and the salon's
 * tablets use the app over plain HTTP on the LAN: there the box's text is selected and copied
 * the old way.
 */
async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission): fall back to the selection.
    }
  }
  const input = document.getElementById(URL_FIELD_ID);
  if (!(input instanceof HTMLInputElement)) return false;
  input.select();
  return document.execCommand("copy");
}

/** The URL in a read-only box (selectable without JavaScript) and, with it, a Copy button. */
function FeedUrl({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-2 rounded-md bg-emerald-50 p-3 ring-1 ring-emerald-200">
      <p className="text-sm font-medium text-emerald-900" role="status">
        New subscription link created. Copy it now: for security it is shown only this once.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field
          label="Subscription link"
          id={URL_FIELD_ID}
          value={url}
          readOnly
          className="min-w-0 flex-1"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <Button
            variant="secondary"
            onClick={() => {
              void copyText(url).then(setCopied);
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function StylistChooser({ stylists, selected }: { stylists: Stylist[]; selected: Stylist | null }) {
  if (stylists.length === 0)
    return <p className="text-sm text-slate-700">No stylists yet. Add stylists under Settings → Staff Accounts.</p>;
  return (
    <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <SelectField
        label="Stylist"
        name="feedStylist"
        defaultValue={selected ? String(selected.id) : ""}
        className="min-w-0 flex-1 sm:max-w-xs"
      >
        <option value="" disabled>
          Choose a stylist
        </option>
        {stylists.map((stylist) => (
          <option key={stylist.id} value={stylist.id}>
            {stylist.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </Form>
  );
}

function FeedForm({
  intent,
  stylistId,
  label,
  pendingLabel,
  variant,
}: {
  intent: string;
  stylistId: number;
  label: string;
  pendingLabel: string;
  variant: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="stylistId" value={stylistId} />
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? pendingLabel : label}
      </Button>
    </Form>
  );
}

/** Settings → Account: the secret iCalendar link a stylist adds to the calendar on their phone. */
export function CalendarFeedCard({ chooser, stylists, selected, status }: CalendarFeedCardProps) {
  const reply = useActionData() as Reply;
  const ours = reply?.intent === FEED_ISSUE || reply?.intent === FEED_OFF ? reply : undefined;
  const url = ours?.url && ours.stylistId === selected?.id ? ours.url : null;
  return (
    <Card>
      <CardHeader
        title="Calendar subscription"
        description={
          chooser
            ? "A private link that shows a stylist's appointments in the calendar app on their phone."
            : "A private link that shows your appointments in the calendar app on your phone."
        }
      />
      <div className="space-y-4">
        {chooser ? <StylistChooser stylists={stylists} selected={selected} /> : null}
        <FormAlert errors={ours?.result ? formErrorsOf(ours.result) : null} />
        {selected && status ? (
          <>
            {url ? <FeedUrl url={url} /> : null}
            <p className="text-sm text-slate-700">
              {status.active
                ? `${chooser ? `${selected.name}'s` : "Your"} link is on (created ${status.createdOn}). Anyone with the link sees the times, services and clients' first names of 30 days back to 90 days ahead; no phone numbers, e-mails or notes.`
                : `${chooser ? `${selected.name} has` : "You have"} no subscription link.`}
            </p>
            {status.active ? (
              <p className="text-sm text-slate-700">
                Lost the link, or shared it by mistake? Reset it: the current link stops working at once.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <FeedForm
                intent={FEED_ISSUE}
                stylistId={selected.id}
                label={status.active ? "Reset link" : "Create link"}
                pendingLabel={status.active ? "Resetting..." : "Creating..."}
                variant="primary"
              />
              {status.active ? (
                <FeedForm
                  intent={FEED_OFF}
                  stylistId={selected.id}
                  label="Turn off"
                  pendingLabel="Turning off..."
                  variant="secondary"
                />
              ) : null}
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}
