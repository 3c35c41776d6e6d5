import { Card, CardHeader } from "~/components/ui/card";
import { LocalSwitchList, type LocalSwitch } from "~/components/settings/local-switches";

const SWITCHES: LocalSwitch[] = [
  {
    key: "dataRetention",
    label: "Data retention reminders",
    description: "Flag clients whose 7-year retention period has passed.",
    defaultOn: true,
  },
  {
    key: "automaticDeletion",
    label: "Automatic deletion",
    description: "Suggest deleting records past their retention date.",
    defaultOn: false,
  },
  {
    key: "consentTracking",
    label: "Consent tracking",
    description: "Show each client's consent status on their card.",
    defaultOn: true,
  },
  {
    key: "dataExportRequests",
    label: "Data export requests",
    description: "Notify me when a client asks for their data.",
    defaultOn: true,
  },
];

export default function PrivacyTab() {
  return (
    <Card>
      <CardHeader title="Privacy & GDPR" description="Data-protection preferences for this device." />
      <LocalSwitchList storageKey="salon.privacy-preferences" switches={SWITCHES} />
    </Card>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
