// Shopping list and team messages: every role against every page, action and API route,
// allowed and refused, plus signed out (SPEC §6: everyone uses both; only admins mark
// items ordered). Deleting someone else's message is admin-only (decision 0045).
import { db } from "#db/client.server";
import { messages, shoppingItems } from "#db/schema";
import * as messagesPage from "~/routes/_app.messages";
import * as shoppingPage from "~/routes/_app.shopping-list";
import * as addItemDialog from "~/routes/_app.shopping-list.items.new";
import * as newProductDialog from "~/routes/_app.shopping-list.products.new";
import * as messageById from "~/routes/api.messages.$id";
import * as messageList from "~/routes/api.messages._index";
import * as products from "~/routes/api.products";
import * as itemById from "~/routes/api.shopping-list.$id._index";
import * as itemStep from "~/routes/api.shopping-list.$id.$step";
import * as clearCompleted from "~/routes/api.shopping-list.clear-completed";
import * as shoppingList from "~/routes/api.shopping-list._index";
import { createTestUser } from "../factories";
import { ADMIN, ALL, describePermissionMatrix, fresh, type MatrixActor, type MatrixRow } from "../permission-matrix";

type Target = { id: number };
const pendingItem = async (): Promise<Target> => ({
  id: (
    await db
      .insert(shoppingItems)
      .values({ customName: `Matrix ${fresh()}` })
      .returning()
  )[0]!.id,
});
const orderedItem = async (): Promise<Target> => ({
  id: (
    await db
      .insert(shoppingItems)
      .values({ customName: `Matrix ${fresh()}`, isOrdered: true })
      .returning()
  )[0]!.id,
});
const othersMessage = async (): Promise<Target> => {
  const sender = await createTestUser("stylist");
  return {
    id: (
      await db
        .insert(messages)
        .values({ content: `Matrix ${fresh()}`, senderUserId: sender.id })
        .returning()
    )[0]!.id,
  };
};
const ownMessage = async (actor: MatrixActor | null): Promise<Target> => ({
  id: (
    await db
      .insert(messages)
      .values({ content: `Matrix ${fresh()}`, senderUserId: actor?.user.id ?? null })
      .returning()
  )[0]!.id,
});
const itemParams = (step?: string) => (_: unknown, t: Target) => ({ id: String(t.id), ...(step ? { step } : {}) });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  {
    name: "GET /shopping-list/products/new",
    kind: "page",
    handler: newProductDialog.loader,
    method: "GET",
    path: () => "/shopping-list/products/new",
    allowed: ALL,
  },
  {
    name: "POST /shopping-list/products/new",
    kind: "page",
    handler: newProductDialog.action,
    method: "POST",
    path: () => "/shopping-list/products/new",
    body: () => ({ name: `Matrix ${fresh()}` }),
    allowed: ALL,
  },
  {
    name: "GET /shopping-list/items/new",
    kind: "page",
    handler: addItemDialog.loader,
    method: "GET",
    path: () => "/shopping-list/items/new",
    allowed: ALL,
  },
  {
    name: "POST /shopping-list/items/new",
    kind: "page",
    handler: addItemDialog.action,
    method: "POST",
    path: () => "/shopping-list/items/new",
    body: () => ({ customName: `Matrix ${fresh()}`, quantity: 1 }),
    allowed: ALL,
  },
  {
    name: "POST /shopping-list (Mark as Ordered)",
    kind: "page",
    handler: shoppingPage.action,
    method: "POST",
    setup: pendingItem,
    path: () => "/shopping-list",
    body: (_, t: Target) => ({ intent: "order", itemId: t.id }),
    allowed: ADMIN,
  },
  {
    name: "POST /shopping-list (Mark as Completed)",
    kind: "page",
    handler: shoppingPage.action,
    method: "POST",
    setup: pendingItem,
    path: () => "/shopping-list",
    body: (_, t: Target) => ({ intent: "complete", itemId: t.id }),
    allowed: ALL,
  },
  {
    name: "POST /shopping-list (Mark as Delivered)",
    kind: "page",
    handler: shoppingPage.action,
    method: "POST",
    setup: orderedItem,
    path: () => "/shopping-list",
    body: (_, t: Target) => ({ intent: "deliver", itemId: t.id }),
    allowed: ALL,
  },
  {
    name: "POST /shopping-list (Delete)",
    kind: "page",
    handler: shoppingPage.action,
    method: "POST",
    setup: pendingItem,
    path: () => "/shopping-list",
    body: (_, t: Target) => ({ intent: "delete", itemId: t.id }),
    allowed: ALL,
  },
  {
    name: "POST /shopping-list (Clear Completed)",
    kind: "page",
    handler: shoppingPage.action,
    method: "POST",
    path: () => "/shopping-list",
    body: () => ({ intent: "clear" }),
    allowed: ALL,
  },
  {
    name: "POST /messages (send)",
    kind: "page",
    handler: messagesPage.action,
    method: "POST",
    path: () => "/messages",
    body: () => ({ intent: "send", content: "Matrix hello" }),
    allowed: ALL,
  },
  {
    name: "POST /messages (delete someone else's)",
    kind: "page",
    handler: messagesPage.action,
    method: "POST",
    setup: othersMessage,
    path: () => "/messages",
    body: (_, t: Target) => ({ intent: "delete", messageId: t.id }),
    allowed: ADMIN,
  },

  {
    name: "GET /api/products",
    kind: "api",
    handler: products.loader,
    method: "GET",
    path: () => "/api/products",
    allowed: ALL,
  },
  {
    name: "POST /api/products",
    kind: "api",
    handler: products.action,
    method: "POST",
    path: () => "/api/products",
    body: () => ({ name: `Matrix ${fresh()}` }),
    allowed: ALL,
  },
  {
    name: "GET /api/shopping-list",
    kind: "api",
    handler: shoppingList.loader,
    method: "GET",
    path: () => "/api/shopping-list",
    allowed: ALL,
  },
  {
    name: "POST /api/shopping-list",
    kind: "api",
    handler: shoppingList.action,
    method: "POST",
    path: () => "/api/shopping-list",
    body: () => ({ customName: "Matrix", quantity: 2 }),
    allowed: ALL,
  },
  {
    name: "POST /api/shopping-list/:id/order",
    kind: "api",
    handler: itemStep.action,
    method: "POST",
    setup: pendingItem,
    path: (_, t: Target) => `/api/shopping-list/${t.id}/order`,
    params: itemParams("order"),
    allowed: ADMIN,
  },
  {
    name: "POST /api/shopping-list/:id/complete",
    kind: "api",
    handler: itemStep.action,
    method: "POST",
    setup: pendingItem,
    path: (_, t: Target) => `/api/shopping-list/${t.id}/complete`,
    params: itemParams("complete"),
    allowed: ALL,
  },
  {
    name: "POST /api/shopping-list/:id/deliver",
    kind: "api",
    handler: itemStep.action,
    method: "POST",
    setup: orderedItem,
    path: (_, t: Target) => `/api/shopping-list/${t.id}/deliver`,
    params: itemParams("deliver"),
    allowed: ALL,
  },
  {
    name: "DELETE /api/shopping-list/:id",
    kind: "api",
    handler: itemById.action,
    method: "DELETE",
    setup: pendingItem,
    path: (_, t: Target) => `/api/shopping-list/${t.id}`,
    params: itemParams(),
    allowed: ALL,
  },
  {
    name: "POST /api/shopping-list/clear-completed",
    kind: "api",
    handler: clearCompleted.action,
    method: "POST",
    path: () => "/api/shopping-list/clear-completed",
    allowed: ALL,
  },
  {
    name: "GET /api/messages",
    kind: "api",
    handler: messageList.loader,
    method: "GET",
    path: () => "/api/messages",
    allowed: ALL,
  },
  {
    name: "POST /api/messages",
    kind: "api",
    handler: messageList.action,
    method: "POST",
    path: () => "/api/messages",
    body: () => ({ content: "Matrix hello" }),
    allowed: ALL,
  },
  {
    name: "DELETE /api/messages/:id (someone else's)",
    kind: "api",
    handler: messageById.action,
    method: "DELETE",
    setup: othersMessage,
    path: (_, t: Target) => `/api/messages/${t.id}`,
    params: itemParams(),
    allowed: ADMIN,
  },
  {
    // The other side of "messages.deleteAny": everyone deletes their own.
    name: "DELETE /api/messages/:id (own)",
    kind: "api",
    handler: messageById.action,
    method: "DELETE",
    setup: ownMessage,
    path: (_, t: Target) => `/api/messages/${t.id}`,
    params: itemParams(),
    allowed: ALL,
  },
];

describePermissionMatrix("Shopping list and messages: SPEC §6 and decision 0045", ROWS);
