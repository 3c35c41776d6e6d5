// Services without JavaScript: the dialog routes are ordinary pages, search is ?q=, and
// the card's menu is a <details> disclosure.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { PHONE, signIn } from "./helpers";
import { unique } from "./services-helpers";

test("an admin adds and edits a service with plain forms", async ({ page }) => {
  await signIn(page, ADMIN, "/services");
  const name = `Fringe Trim ${unique()}`;
  await page.getByRole("link", { name: "Add Service" }).click();
  await expect(page).toHaveURL(/\/services\/new$/);
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await dialog.getByLabel("Duration (minutes)").fill("500");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(dialog.getByText("Service name is required")).toBeVisible();
  await expect(dialog.getByText("Category is required")).toBeVisible();
  await expect(dialog.getByText("Duration must be at most 480 minutes")).toBeVisible();
  await expect(dialog.getByText("Price is required")).toBeVisible();

  await dialog.getByLabel("Service Name").fill(name);
  await dialog.getByLabel("Category").fill("Hair");
  await dialog.getByLabel("Duration (minutes)").fill("15");
  await dialog.getByLabel("Price (£)").fill("8");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByText("Service created successfully")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search services" }).fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=/);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("15 min");
  await expect(card).toContainText("£8.00");
  await expect(page.getByRole("list", { name: "Services" }).getByRole("listitem")).toHaveCount(1);

  await card.getByLabel(`Actions for ${name}`).click();
  await card.getByRole("link", { name: "Edit Service" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Service" });
  await edit.getByLabel("Duration (minutes)").fill("20");
  await edit.getByRole("switch", { name: "Active Service" }).uncheck();
  await edit.getByRole("button", { name: "Update Service" }).click();
  await expect(page.getByText("Service updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/services\?q=/);
  await expect(card).toContainText("20 min");
  await expect(card).toContainText("Inactive");

  await page.goto("/services?q=no-such-service-anywhere");
  await expect(page.getByText("No services found")).toBeVisible();
  await expect(page.getByText("No services match your search.")).toBeVisible();
});

test("the Add Service page closes back to the list on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN, "/services/new");
  await expect(page.getByRole("dialog", { name: "Add New Service" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
});
