// The buttons of a confirmation dialog (Delete Client, Confirm Data Erasure): Cancel goes
// back, the destructive button posts to the dialog's own route and shows its pending text.
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "./button";

export function ConfirmForm({ cancelTo, label, pendingLabel, intent }: { cancelTo: string; label: string; pendingLabel: string; intent?: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" action={`${location.pathname}${location.search}`} className="mt-5 flex flex-wrap justify-end gap-2">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <Link to={cancelTo} className={buttonClasses("secondary")} preventScrollReset>
        Cancel
      </Link>
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? pendingLabel : label}
      </Button>
    </Form>
  );
}
