// Services with JavaScript: the dialog over the list, instant search, the card menu.
// (The empty state of a salon without services is covered by services-empty-state.test.tsx:
// other specs add services to the shared e2e database first.)
import { expect, test } from "@playwright/test";
import { ADMIN, DISPLAY, STYLIST } from "./accounts";
import { expectToastClearOf, PHONE, signIn, TABLET } from "./helpers";
import { apiToken, createServiceViaApi, screenshotBothSizes, unique } from "./services-helpers";

test("an admin adds, finds and edits services in the dialog, with every validation message", async ({ page }) => {
  await signIn(page, ADMIN, "/services");
  await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
  await expect(page.getByText("Manage your salon services and pricing")).toBeVisible();
  for (const label of ["Total Services", "Active Services", "Categories", "Avg Price"])
    await expect(page.getByText(label, { exact: true })).toBeVisible();

  const tag = unique();
  const colour = `Balayage ${tag}`;
  const nails = `Gel Manicure ${tag}`;
  await page.getByRole("link", { name: "Add Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("30");
  await expect(dialog.getByRole("switch", { name: "Active Service" })).toBeChecked();
  await expect(dialog.getByText("Available for booking by clients")).toBeVisible();
  await dialog.getByLabel("Duration (minutes)").fill("10");
  await dialog.getByLabel("Price (£)").fill("-1");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(dialog.getByText("Service name is required")).toBeVisible();
  await expect(dialog.getByText("Category is required")).toBeVisible();
  await expect(dialog.getByText("Duration must be at least 15 minutes")).toBeVisible();
  await expect(dialog.getByText("Price must be positive")).toBeVisible();
  await screenshotBothSizes(page, "services-dialog-errors", async () => {
    await expect(dialog).toBeVisible();
  });

  await dialog.getByLabel("Service Name").fill(colour);
  await dialog.getByLabel("Category").fill("Colour");
  await dialog.getByLabel("Duration (minutes)").fill("180");
  await dialog.getByLabel("Price (£)").fill("140");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByRole("status").getByText("Service created successfully")).toBeVisible();
  await expect(page.getByRole("status").getByText("Success", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const colourCard = page.getByRole("listitem").filter({ hasText: colour });
  await expect(colourCard).toContainText("180 min");
  await expect(colourCard).toContainText("£140.00");
  await expect(colourCard).toContainText("Active");

  await page.getByRole("link", { name: "Add Service" }).click();
  await dialog.getByLabel("Service Name").fill(nails);
  await dialog.getByLabel("Category").fill("Nails");
  await dialog.getByLabel("Duration (minutes)").fill("45");
  await dialog.getByLabel("Price (£)").fill("30");
  await dialog.getByRole("switch", { name: "Active Service" }).click();
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(dialog).toBeHidden();
  const nailsCard = page.getByRole("listitem").filter({ hasText: nails });
  await expect(nailsCard).toContainText("Inactive");

  // The same name again is refused by the server. The toasts over the dialog (the last
  // service's, then the refusal's) leave its buttons clear, so it can be sent again at once.
  await page.getByRole("link", { name: "Add Service" }).click();
  const create = dialog.getByRole("button", { name: "Create Service" });
  await expectToastClearOf(page, create, dialog.getByRole("link", { name: "Close", exact: true }));
  await dialog.getByLabel("Service Name").fill(nails.toUpperCase());
  await dialog.getByLabel("Category").fill("Nails");
  await dialog.getByLabel("Price (£)").fill("1");
  await page.setViewportSize(PHONE);
  await create.click();
  await expect(dialog.getByText("A service with this name already exists")).toBeVisible();
  await expect(dialog.getByRole("alert").getByText("Failed to create service")).toBeVisible();
  await expectToastClearOf(page, create, dialog.getByRole("link", { name: "Close", exact: true }));
  await page.setViewportSize(TABLET);
  await expectToastClearOf(page, create, dialog.getByRole("link", { name: "Close", exact: true }));
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/services$/);

  // Instant search by name or category.
  const search = page.getByRole("searchbox", { name: "Search services" });
  await search.fill(tag);
  await expect(page.getByRole("listitem").filter({ hasText: tag })).toHaveCount(2);
  await search.fill(`${tag} gel`);
  await expect(page.getByText("No services match your search.")).toBeVisible();
  await search.fill("nails");
  await expect(nailsCard).toBeVisible();
  await expect(colourCard).toBeHidden();
  await expect(page).toHaveURL(/\?q=nails$/);

  await nailsCard.getByLabel(`Actions for ${nails}`).click();
  await nailsCard.getByRole("link", { name: "Edit Service" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Service" });
  await expect(edit.getByLabel("Service Name")).toHaveValue(nails);
  await expect(edit.getByLabel("Price (£)")).toHaveValue("30.00");
  await expect(edit.getByRole("switch", { name: "Active Service" })).not.toBeChecked();
  await edit.getByLabel("Price (£)").fill("32.50");
  await edit.getByRole("switch", { name: "Active Service" }).click();
  await edit.getByRole("button", { name: "Update Service" }).click();
  await expect(page.getByRole("status").getByText("Service updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/services\?q=nails$/);
  await expect(nailsCard).toContainText("£32.50");
  await expect(nailsCard).toContainText("Active");

  await search.fill("");
  await expect(colourCard).toBeVisible();
});

// Apart from the flow above: each size's screenshot and axe scan take seconds on a 2-core machine.
test("the services list and the edit dialog at both sizes", async ({ page }) => {
  const colour = `Balayage ${unique()}`;
  await createServiceViaApi(await apiToken(), { name: colour, category: "Colour", duration: 180, price: 14000 });
  await signIn(page, ADMIN, "/services");
  await screenshotBothSizes(page, "services", async () => {
    await expect(page.getByText("Avg Price")).toBeVisible();
  });
  await page.getByRole("listitem").filter({ hasText: colour }).getByLabel(`Actions for ${colour}`).click();
  await page.getByRole("link", { name: "Edit Service" }).first().click();
  await screenshotBothSizes(page, "services-edit-dialog", async () => {
    await expect(page.getByRole("dialog", { name: "Edit Service" })).toBeVisible();
  });
});

test("stylists and display screens see the services but cannot change them", async ({ browser }) => {
  for (const account of [STYLIST, DISPLAY]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, account, "/services");
    await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Service" })).toHaveCount(0);
    await expect(page.getByLabel(/^Actions for /)).toHaveCount(0);
    await page.goto("/services/new");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await context.close();
  }
});
