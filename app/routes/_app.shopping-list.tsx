// The shared shopping list (SPEC §2 Shopping List). Every button is a plain form posted
// to this route, so the list works without JavaScript; with it, the page revalidates
// when another tablet changes the list. New Product and Add Item are child routes.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { PageHeader } from "~/components/shell/app-shell";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { can } from "~/domain/permissions";
import { getGlobalSettings } from "~/domain/settings.server";
import {
  advanceShoppingItem,
  clearCompletedItems,
  deleteShoppingItem,
  getShoppingList,
  type PersonName,
  type ShoppingItem,
} from "~/domain/shopping.server";
import { dateInZone, formatLongDate } from "~/lib/salon-time";
import { COMPLETED_PAGE_SIZE, MAX_COMPLETED_PAGE } from "~/lib/schemas/shopping";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Shopping List" }];

function completedLimit(url: URL) {
  const requested = Number(url.searchParams.get("completed"));
  return Number.isSafeInteger(requested)
    ? Math.min(Math.max(requested, COMPLETED_PAGE_SIZE), MAX_COMPLETED_PAGE)
    : COMPLETED_PAGE_SIZE;
}

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "shopping.use");
  const limit = completedLimit(new URL(request.url));
  const [list, { timeZone }] = await Promise.all([
    getShoppingList(user, { completedLimit: limit }),
    getGlobalSettings(),
  ]);
  // Names and dates are worded here, so the browser needs no date code.
  const on = (instant: string | null) => (instant ? formatLongDate(dateInZone(instant, timeZone)) : "Unknown");
  const who = (name: PersonName | null) => (name ? `${name.firstName} ${name.lastName}`.trim() : "Unknown");
  const view = (item: ShoppingItem) => ({
    id: item.id,
    name: item.product?.name ?? item.customName ?? "",
    category: item.product?.category ?? null,
    quantity: item.quantity,
    notes: item.notes,
    isOrdered: item.isOrdered,
    added: `Added by ${who(item.addedByUser)} on ${on(item.createdAt)}`,
    ordered: item.isOrdered ? `Ordered by ${who(item.orderedByUser)} on ${on(item.orderedAt)}` : null,
    completed: `Completed by ${who(item.completedByUser)} on ${on(item.completedAt)}`,
  });
  return {
    pending: list.pending.map(view),
    pendingCount: list.pendingCount,
    completed: list.completed.map(view),
    completedCount: list.completedCount,
    hasMoreCompleted: list.hasMoreCompleted,
    limit,
    canOrder: can(user.role, "shopping.order"),
    canManageProducts: can(user.role, "products.manage"),
  };
});

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["order", "deliver", "complete", "delete"]), itemId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("clear") }),
]);

// SPEC §8's notices for each button.
const NOTICES = {
  order: { done: "Item marked as ordered", failed: "Failed to mark as ordered" },
  deliver: { done: "Item marked as delivered", failed: "Failed to mark as delivered" },
  complete: { done: "Item completed", failed: "Failed to complete item" },
  delete: { done: "Item deleted", failed: "Failed to delete item" },
  clear: { done: "Completed items cleared", failed: "Failed to clear items" },
} as const;

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "shopping.use");
  const url = new URL(request.url);
  const back = url.searchParams.has("completed") ? `/shopping-list?completed=${completedLimit(url)}` : "/shopping-list";
  const formData = await readFormData(request, formLimit(ActionSchema));
  const notice = NOTICES[String(formData.get("intent")) as keyof typeof NOTICES];
  return formAction(
    formData,
    ActionSchema,
    async (input) => {
      if (input.intent === "clear") await clearCompletedItems(user);
      else if (input.intent === "delete") await deleteShoppingItem(user, input.itemId);
      else await advanceShoppingItem(user, input.itemId, input.intent);
      return redirectWithToast(back, { title: NOTICES[input.intent].done });
    },
    // A step another tablet already took (409) or an item already gone (404) is news, not a crash.
    {
      onRefused: (error) =>
        redirectWithToast(back, {
          title: notice?.failed ?? "Error",
          description: error.message,
          variant: "destructive",
        }),
    },
  );
});

type ItemView = ReturnType<typeof useLoaderData<typeof loader>>["pending"][number];

function ItemButton({
  item,
  intent,
  label,
  variant = "secondary",
}: {
  item: ItemView;
  intent: string;
  label: string;
  variant?: "secondary" | "ghost" | "primary";
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("itemId") === String(item.id) &&
    navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="itemId" value={item.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={variant}
        disabled={busy}
        aria-label={`${label}: ${item.name}`}
        className={variant === "ghost" ? "min-h-9 px-3 py-1.5 text-red-700 hover:bg-red-50" : "min-h-9 px-3 py-1.5"}
      >
        {label}
      </Button>
    </Form>
  );
}

function ItemDetails({ item, struck }: { item: ItemView; struck?: boolean }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-2">
        <h3
          className={
            struck
              ? "font-semibold break-words text-slate-500 line-through"
              : "font-semibold break-words text-slate-900"
          }
        >
          {item.name}
        </h3>
        <Badge>Qty: {item.quantity}</Badge>
        {item.isOrdered && !struck ? <Badge tone="blue">Ordered</Badge> : null}
      </div>
      {item.category ? <p className="text-sm text-slate-600">{item.category}</p> : null}
      {item.notes ? <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{item.notes}</p> : null}
    </div>
  );
}

function PendingItem({ item, canOrder }: { item: ItemView; canOrder: boolean }) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <ItemDetails item={item} />
        <p className="mt-1 text-xs text-slate-600">{item.added}</p>
        {item.ordered ? <p className="text-xs text-slate-600">{item.ordered}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {canOrder && !item.isOrdered ? <ItemButton item={item} intent="order" label="Mark as Ordered" /> : null}
        {item.isOrdered ? (
          <ItemButton item={item} intent="deliver" label="Mark as Delivered" variant="primary" />
        ) : (
          <ItemButton item={item} intent="complete" label="Mark as Completed" />
        )}
        <ItemButton item={item} intent="delete" label="Delete" variant="ghost" />
      </div>
    </li>
  );
}

export default function ShoppingListScreen() {
  const { pending, pendingCount, completed, completedCount, hasMoreCompleted, limit, canOrder, canManageProducts } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const clearing = navigation.state === "submitting" && navigation.formData?.get("intent") === "clear";
  // "Show more" loading (not a dialog opening over the list, nor a button's redirect).
  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname === "/shopping-list" &&
    navigation.location.search !== location.search;
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="Shopping List" description="Products the salon needs to order">
        <div className="flex flex-wrap gap-2">
          {canManageProducts ? (
            <Link to="/shopping-list/products" preventScrollReset className={buttonClasses("secondary")}>
              Products
            </Link>
          ) : null}
          <Link to="/shopping-list/products/new" preventScrollReset className={buttonClasses("secondary")}>
            New Product
          </Link>
          <Link to="/shopping-list/items/new" preventScrollReset className={buttonClasses()}>
            Add Item
          </Link>
        </div>
      </PageHeader>
      {loading ? (
        <p role="status" className="mb-2 text-sm text-slate-600">
          Loading shopping list...
        </p>
      ) : null}
      <div className="space-y-4">
        <Card aria-labelledby="pending-title">
          <CardHeader title={<span id="pending-title">Pending Items ({pendingCount})</span>}>
            {completedCount > 0 ? (
              <Form method="post" preventScrollReset>
                <Button type="submit" name="intent" value="clear" variant="secondary" disabled={clearing}>
                  Clear Completed
                </Button>
              </Form>
            ) : null}
          </CardHeader>
          {pending.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No pending items in the shopping list.</p>
          ) : (
            <ul aria-label="Pending items" className="divide-y divide-slate-200">
              {pending.map((item) => (
                <PendingItem key={item.id} item={item} canOrder={canOrder} />
              ))}
            </ul>
          )}
          {pendingCount > pending.length ? (
            <p className="pt-3 text-sm text-slate-600">
              Showing the oldest {pending.length} of {pendingCount} pending items: complete or delete some to see the
              rest.
            </p>
          ) : null}
        </Card>
        {completedCount > 0 ? (
          <Card aria-labelledby="completed-title">
            <CardHeader title={<span id="completed-title">Completed Items ({completedCount})</span>} />
            <ul aria-label="Completed items" className="divide-y divide-slate-200">
              {completed.map((item) => (
                <li key={item.id} className="flex items-start gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <ItemDetails item={item} struck />
                    <p className="mt-1 text-xs text-slate-600">{item.completed}</p>
                  </div>
                  <ItemButton item={item} intent="delete" label="Delete" variant="ghost" />
                </li>
              ))}
            </ul>
            {hasMoreCompleted ? (
              <div className="mt-3 flex justify-center">
                <Link
                  to={`/shopping-list?completed=${limit + COMPLETED_PAGE_SIZE}`}
                  preventScrollReset
                  replace
                  className={buttonClasses("secondary")}
                >
                  Show more
                </Link>
              </div>
            ) : null}
          </Card>
        ) : null}
      </div>
      <Outlet />
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const shouldRevalidate = revalidateOnOwnParams(["completed"]);
