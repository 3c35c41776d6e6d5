// The Shopping List without JavaScript: the dialogs are pages, every button a form post.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { clearShoppingList } from "./board-helpers";
import { apiToken } from "./client-helpers";
import { signIn } from "./helpers";

const item = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("add, order, deliver, complete, delete and clear items without JavaScript", async ({ page, request }) => {
  test.slow(); // some twenty full page loads
  await clearShoppingList(request, await apiToken(request, ADMIN));
  await signIn(page, ADMIN, "/shopping-list");
  await page.getByRole("link", { name: "New Product" }).click();
  await expect(page).toHaveURL(/\/shopping-list\/products\/new$/);
  await page.getByLabel("Product Name").fill("Nojs Shampoo");
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page).toHaveURL(/\/shopping-list$/);
  await expect(page.getByText("Product created")).toBeVisible();

  await page.getByRole("link", { name: "Add Item" }).click();
  await expect(page).toHaveURL(/\/shopping-list\/items\/new$/);
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(page.getByText("Select a product or enter a custom name")).toBeVisible();
  await page.getByLabel("Select Product (optional)").selectOption({ label: "Nojs Shampoo" });
  await page.getByLabel("Quantity").fill("0");
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(page.getByText("Quantity must be at least 1")).toBeVisible();
  await page.getByLabel("Quantity").fill("4");
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(page.getByText("Item added")).toBeVisible();

  await page.getByRole("link", { name: "Add Item" }).click();
  await page.getByLabel("Custom Name").fill("Nojs Capes");
  await page.getByRole("button", { name: "Add Item" }).click();
  await page.getByRole("link", { name: "Add Item" }).click();
  await page.getByLabel("Custom Name").fill("Nojs Combs");
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(page.getByText("Pending Items (3)")).toBeVisible();

  await item(page, "Nojs Shampoo").getByRole("button", { name: "Mark as Ordered: Nojs Shampoo" }).click();
  await expect(page.getByText("Item marked as ordered")).toBeVisible();
  await item(page, "Nojs Shampoo").getByRole("button", { name: "Mark as Delivered: Nojs Shampoo" }).click();
  await expect(page.getByText("Item marked as delivered")).toBeVisible();
  await item(page, "Nojs Capes").getByRole("button", { name: "Mark as Completed: Nojs Capes" }).click();
  await expect(page.getByText("Item completed")).toBeVisible();
  await item(page, "Nojs Combs").getByRole("button", { name: "Delete: Nojs Combs" }).click();
  await expect(page.getByText("Item deleted")).toBeVisible();
  await expect(page.getByText("Completed Items (2)")).toBeVisible();
  await page.getByRole("button", { name: "Clear Completed" }).click();
  await expect(page.getByText("Completed items cleared")).toBeVisible();
  await expect(page.getByText("No pending items in the shopping list.")).toBeVisible();
});

test("a stylist has no Mark as Ordered button", async ({ page, request }) => {
  await clearShoppingList(request, await apiToken(request, ADMIN));
  await signIn(page, STYLIST, "/shopping-list/items/new");
  await page.getByLabel("Custom Name").fill("Nojs Foil");
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(item(page, "Nojs Foil").getByText(/^Added by Sofia Stylist on /)).toBeVisible();
  await expect(page.getByRole("button", { name: /Mark as Ordered/ })).toHaveCount(0);
  await expect(item(page, "Nojs Foil").getByRole("button", { name: "Mark as Completed: Nojs Foil" })).toBeVisible();
});
