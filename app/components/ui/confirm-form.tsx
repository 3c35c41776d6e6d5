// The buttons of a confirmation dialog (Delete Client, Confirm Data Erasure): Cancel goes
// back, the destructive button posts to the dialog's own route and shows its pending text.
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "./button";

/** `children`: fields sent with the confirmation (a choice such as "This and following"), above the buttons. */
export function ConfirmForm({
  cancelTo,
  label,
  pendingLabel,
  intent,
  children,
}: {
  cancelTo: string;
  label: string;
  pendingLabel: string;
  intent?: string;
  children?: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      className="mt-5 flex flex-wrap justify-end gap-2"
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children ? <div className="w-full">{children}</div> : null}
      <Link to={cancelTo} className={buttonClasses("secondary")} preventScrollReset>
        Cancel
      </Link>
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? pendingLabel : label}
      </Button>
    </Form>
  );
}
