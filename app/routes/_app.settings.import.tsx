import type { LoaderFunctionArgs } from "@remix-run/node";
import { Card, CardHeader } from "~/components/ui/card";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "clients.import");
  return null;
});

export default function ImportTab() {
  return (
    <Card>
      <CardHeader title="Import Clients" description="Upload a CSV file of clients." />
      <p className="text-sm text-slate-700">Client import is not available yet. It is part of the next release.</p>
    </Card>
  );
}
