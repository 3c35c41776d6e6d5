import { Card } from "~/components/ui/card";
import { PageHeader } from "./app-shell";

/** A screen whose issue has not landed yet: says so plainly instead of faking content. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title={title} description={description} />
      <Card>
        <p className="text-sm text-slate-700">This screen is not available yet. It is part of the next release.</p>
      </Card>
    </main>
  );
}
