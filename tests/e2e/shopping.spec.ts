// The Shopping List with JavaScript: dialogs over the list, every step of SPEC §4 by the
// roles allowed to take it, live updates from another tablet, and how it looks.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DISPLAY, STYLIST } from "./accounts";
import { addItemViaApi, clearShoppingList, shot } from "./board-helpers";
import { apiToken } from "./client-helpers";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";

const pending = (page: Page) => page.getByRole("list", { name: "Pending items" }).getByRole("listitem");
const completed = (page: Page) => page.getByRole("list", { name: "Completed items" }).getByRole("listitem");
const item = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test.beforeEach(async ({ request }) => {
  await clearShoppingList(request, await apiToken(request, ADMIN));
});

test("an admin creates a product, adds items, orders, delivers, completes and clears them", async ({ page }) => {
  test.slow(); // the whole walk through SPEC §4 in one test
  await signIn(page, ADMIN, "/shopping-list");
  await expect(page.getByRole("heading", { name: "Shopping List", level: 1 })).toBeVisible();
  await expect(page.getByText("Pending Items (0)")).toBeVisible();
  await expect(page.getByText("No pending items in the shopping list.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear Completed" })).toHaveCount(0);
  await expect(page.getByText(/Completed Items/)).toHaveCount(0);

  await page.getByRole("link", { name: "New Product" }).click();
  const productDialog = page.getByRole("dialog", { name: "New Product" });
  await expect(productDialog.getByLabel("Category")).toHaveAttribute("placeholder", "e.g. Hair Care, Styling, Tools");
  await productDialog.getByRole("button", { name: "Create Product" }).click();
  await expect(productDialog.getByText("Product name is required")).toBeVisible();
  await productDialog.getByLabel("Product Name").fill("Blonde Bleach 500g");
  await productDialog.getByLabel("Category").fill("Colour");
  await productDialog.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created")).toBeVisible();
  await expect(productDialog).toBeHidden();

  await page.getByRole("link", { name: "Add Item" }).click();
  const itemDialog = page.getByRole("dialog", { name: "Add Item" });
  await expect(itemDialog.getByLabel("Quantity")).toHaveValue("1");
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog.getByText("Select a product or enter a custom name")).toBeVisible();
  await itemDialog.getByLabel("Select Product (optional)").selectOption({ label: "Blonde Bleach 500g (Colour)" });
  await itemDialog.getByLabel("Quantity").fill("3");
  await itemDialog.getByLabel("Notes").fill("The salon-size tubs");
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(page.getByText("Item added")).toBeVisible();
  await expect(itemDialog).toBeHidden();

  await page.getByRole("link", { name: "Add Item" }).click();
  await itemDialog.getByLabel("Custom Name").fill("Paper towels");
  await itemDialog.getByLabel("Quantity").fill("");
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog).toBeHidden();

  await expect(page.getByText("Pending Items (2)")).toBeVisible();
  const bleach = item(page, "Blonde Bleach 500g");
  await expect(bleach.getByText("Qty: 3")).toBeVisible();
  await expect(bleach.getByText("Colour", { exact: true })).toBeVisible();
  await expect(bleach.getByText("The salon-size tubs")).toBeVisible();
  await expect(bleach.getByText(/^Added by Ada Admin on \w+day, \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(item(page, "Paper towels").getByText("Qty: 1")).toBeVisible();

  await page.screenshot(shot("shopping-tablet"));
  await expectNoAxeViolations(page);

  await bleach.getByRole("button", { name: "Mark as Ordered: Blonde Bleach 500g" }).click();
  await expect(page.getByText("Item marked as ordered")).toBeVisible();
  await expect(bleach.getByText("Ordered", { exact: true })).toBeVisible();
  await expect(bleach.getByText(/^Ordered by Ada Admin on /)).toBeVisible();
  // An ordered item is delivered, not completed directly.
  await expect(bleach.getByRole("button", { name: /Mark as Completed/ })).toHaveCount(0);
  await bleach.getByRole("button", { name: "Mark as Delivered: Blonde Bleach 500g" }).click();
  await expect(page.getByText("Item marked as delivered")).toBeVisible();
  await expect(completed(page)).toHaveCount(1);
  await expect(page.getByText("Completed Items (1)")).toBeVisible();
  const done = completed(page).first();
  await expect(done.getByRole("heading", { name: "Blonde Bleach 500g" })).toHaveCSS(
    "text-decoration-line",
    "line-through",
  );
  await expect(done.getByText(/^Completed by Ada Admin on /)).toBeVisible();

  await item(page, "Paper towels").getByRole("button", { name: "Mark as Completed: Paper towels" }).click();
  await expect(page.getByText("Item completed")).toBeVisible();
  await expect(page.getByText("Completed Items (2)")).toBeVisible();
  // Newest completion first.
  await expect(completed(page).getByRole("heading")).toHaveText(["Paper towels", "Blonde Bleach 500g"]);
  await expect(page.getByText("No pending items in the shopping list.")).toBeVisible();
  await page.screenshot(shot("shopping-completed-tablet"));

  await page.getByRole("button", { name: "Clear Completed" }).click();
  await expect(page.getByText("Completed items cleared")).toBeVisible();
  await expect(page.getByText(/Completed Items/)).toHaveCount(0);
});

test("stylists and the display account complete, deliver and delete, but cannot order", async ({ page, request }) => {
  const adminToken = await apiToken(request, ADMIN);
  const gloves = await addItemViaApi(request, adminToken, { customName: "Gloves", quantity: 2 });
  const ordered = await addItemViaApi(request, adminToken, { customName: "Foil", quantity: 1 });
  expect(
    (
      await request.post(`/api/shopping-list/${ordered.id}/order`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      })
    ).ok(),
  ).toBe(true);
  await addItemViaApi(request, adminToken, { customName: "Clips", quantity: 1 });

  await signIn(page, DISPLAY, "/shopping-list");
  await expect(pending(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: /Mark as Ordered/ })).toHaveCount(0);
  await item(page, "Foil").getByRole("button", { name: "Mark as Delivered: Foil" }).click();
  await expect(page.getByText("Item marked as delivered")).toBeVisible();
  await item(page, "Clips").getByRole("button", { name: "Delete: Clips" }).click();
  await expect(page.getByText("Item deleted")).toBeVisible();
  await expect(pending(page)).toHaveCount(1);

  // Another tablet completes the gloves meanwhile: this one sees it live, and a late tap is refused plainly.
  const stylistToken = await apiToken(request, STYLIST);
  expect(
    (
      await request.post(`/api/shopping-list/${gloves.id}/complete`, {
        headers: { Authorization: `Bearer ${stylistToken}` },
      })
    ).ok(),
  ).toBe(true);
  await expect(page.getByText("No pending items in the shopping list.")).toBeVisible();
  await expect(completed(page).getByRole("heading")).toHaveText(["Gloves", "Foil"]);
});

test("a tap that another tablet beat is refused with a clear notice", async ({ browser, request }) => {
  const adminToken = await apiToken(request, ADMIN);
  await addItemViaApi(request, adminToken, { customName: "Toner", quantity: 1 });
  const first = await browser.newPage({ javaScriptEnabled: false });
  const second = await browser.newPage({ javaScriptEnabled: false });
  await signIn(first, STYLIST, "/shopping-list");
  await signIn(second, DISPLAY, "/shopping-list");
  await item(first, "Toner").getByRole("button", { name: "Mark as Completed: Toner" }).click();
  await expect(first.getByText("Item completed")).toBeVisible();
  // The second tablet (no live updates without JavaScript) still shows the old button.
  await item(second, "Toner").getByRole("button", { name: "Mark as Completed: Toner" }).click();
  await expect(second.getByText("Failed to complete item")).toBeVisible();
  await expect(second.getByText("This item has already been completed.")).toBeVisible();
  await first.close();
  await second.close();
});

test("the list fits a phone", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  await addItemViaApi(request, token, {
    customName: "Developer 20 vol",
    quantity: 6,
    notes: "Two of the litre bottles, four of the small ones for the trolley",
  });
  await addItemViaApi(request, token, { customName: "Neck strips", quantity: 1 });
  await page.setViewportSize(PHONE);
  await signIn(page, STYLIST, "/shopping-list");
  await expect(pending(page)).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot(shot("shopping-phone"));
  await page.getByRole("link", { name: "Add Item" }).click();
  await expect(page.getByRole("dialog", { name: "Add Item" })).toBeVisible();
  await page.screenshot(shot("shopping-add-item-phone"));
  await expectNoAxeViolations(page);
  await page.setViewportSize(TABLET);
});
