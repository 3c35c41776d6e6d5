// The Clients screen and the GDPR screen with JavaScript switched off: the dialogs are
// pages, the search is a ?q= form, validation comes from the server.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { addClientInDialog, apiToken, createClientViaApi } from "./client-helpers";
import { expectToastHeldByPointer, signIn } from "./helpers";

const card = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Clients" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

test("add, search, edit and delete a client without JavaScript", async ({ page }) => {
  await signIn(page, ADMIN, "/clients");
  await page.getByRole("link", { name: "Add Client" }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  const dialog = page.getByRole("dialog", { name: "Add New Client" });
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Phone is required")).toBeVisible();
  await expect(dialog.getByText("GDPR consent is required")).toBeVisible();

  await dialog.getByLabel("Name", { exact: true }).fill("Nojs Norma");
  await dialog.getByLabel("Phone").fill("07400 900844");
  await dialog.getByLabel("Email").fill("norma-at-nowhere");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(dialog.getByText("Invalid email")).toBeVisible();
  // What was typed survives the round trip.
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Nojs Norma");
  await dialog.getByLabel("Email").fill("norma@nojs.test");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText("Client created successfully")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search clients" }).fill("NOJS NORMA");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/clients\?q=NOJS\+NORMA$/);
  await expect(card(page, "Nojs Norma")).toBeVisible();
  await expect(page.getByRole("list", { name: "Clients" }).getByRole("listitem")).toHaveCount(1);

  await card(page, "Nojs Norma").getByRole("link", { name: "Edit Nojs Norma" }).click();
  await expect(page).toHaveURL(/\/clients\/\d+\/edit\?q=NOJS\+NORMA$/);
  const edit = page.getByRole("dialog", { name: "Edit Client" });
  await expect(edit.getByLabel("GDPR Consent Required")).toBeChecked();
  await edit.getByLabel("Phone").fill("07400 900845");
  await edit.getByLabel("Active client").uncheck();
  await edit.getByRole("button", { name: "Update Client" }).click();
  await expect(page).toHaveURL(/\/clients\?q=NOJS\+NORMA$/);
  await expect(page.getByText("Client updated successfully")).toBeVisible();
  await expect(card(page, "Nojs Norma").getByText("07400 900845")).toBeVisible();
  await expect(card(page, "Nojs Norma").getByText("Inactive")).toBeVisible();

  await card(page, "Nojs Norma").getByRole("link", { name: "Delete Nojs Norma" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Client" });
  await expect(confirm.getByText("This action cannot be undone.")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete Client" }).click();
  await expect(page.getByText("Client deleted successfully")).toBeVisible();
  await expect(page.getByText("No clients match your search")).toBeVisible();
});

test("record, export and erase without JavaScript", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const client = await createClientViaApi(request, token, {
    name: "Nojs Erasable",
    phone: "07400 900855",
    email: "erasable@nojs.test",
  });

  await signIn(page, STYLIST, `/clients/${client.id}/edit`);
  await page.getByRole("button", { name: "Record Erasure Request" }).click();
  await expect(page.getByText("Erasure request recorded")).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, ADMIN, "/gdpr");
  // Without JavaScript the sign-in toast stays until the next page and may cover a button.
  await page.goto("/gdpr");
  const row = page
    .getByRole("list", { name: "Erasure requests" })
    .getByRole("listitem")
    .filter({ hasText: "Nojs Erasable" });
  await expect(row.getByText(/^Requested: [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Export First: Nojs Erasable" }).click();
  expect((await download).suggestedFilename()).toBe(`client-${client.id}-export.json`);

  await row.getByRole("link", { name: "Process Erasure: Nojs Erasable" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Data Erasure" });
  await expect(
    confirm.getByText("This action cannot be undone. All data for Nojs Erasable will be permanently deleted."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Confirm Erasure" }).click();
  await expect(page.getByText("Data Erasure Complete")).toBeVisible();
  await expect(page.getByText("Nojs Erasable")).toHaveCount(0);

  await page.getByRole("link", { name: "Data Exports" }).click();
  await expect(page).toHaveURL(/\/gdpr\?tab=exports$/);
  await expect(
    page.getByRole("list", { name: "Audit log" }).getByText(`Data erased · client #${client.id}`),
  ).toBeVisible();
  await page.getByRole("link", { name: "Data Retention" }).click();
  await expect(page).toHaveURL(/\/gdpr\?tab=retention$/);
  await expect(page.getByRole("link", { name: "Data Retention" })).toHaveAttribute("aria-current", "page");
});

test("without JavaScript a toast stays while the pointer is on it", async ({ page }) => {
  await signIn(page, ADMIN, "/clients/new");
  await addClientInDialog(page, "Toasty Nojs Heldfast", "07400 900734");
  await expectToastHeldByPointer(page, "Client created successfully");
});
