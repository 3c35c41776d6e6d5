import { Card, CardHeader } from "~/components/ui/card";
import { LocalSwitchList, type LocalSwitch } from "~/components/settings/local-switches";

const SWITCHES: LocalSwitch[] = [
  {
    key: "emailReminders",
    label: "Email reminders",
    description: "Remind me of my appointments by e-mail.",
    defaultOn: true,
  },
  {
    key: "smsReminders",
    label: "SMS reminders",
    description: "Remind me of my appointments by text message.",
    defaultOn: true,
  },
  {
    key: "bookingConfirmations",
    label: "Booking confirmations",
    description: "Tell me when a booking is made in my column.",
    defaultOn: true,
  },
  {
    key: "cancellationAlerts",
    label: "Cancellation alerts",
    description: "Tell me when one of my appointments is cancelled.",
    defaultOn: true,
  },
  {
    key: "gdprReminders",
    label: "GDPR reminders",
    description: "Remind me of pending privacy requests.",
    defaultOn: false,
  },
];

export default function NotificationsTab() {
  return (
    <Card>
      <CardHeader title="Notifications" description="How this device keeps you informed." />
      <LocalSwitchList storageKey="salon.notification-preferences" switches={SWITCHES} />
    </Card>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
