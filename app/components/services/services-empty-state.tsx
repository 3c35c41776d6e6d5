import { EmptyState } from "~/components/ui/empty-state";

/** SPEC §2 Services: the empty list, for a salon without services or a search without matches. */
export function ServicesEmptyState({ searching }: { searching: boolean }) {
  return (
    <EmptyState title="No services found">
      <p>{searching ? "No services match your search." : "Get started by adding your first service."}</p>
    </EmptyState>
  );
}
