// The Clients screen with JavaScript: instant search, dialogs over the list, toasts.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DISPLAY, STYLIST } from "./accounts";
import { addClientInDialog, apiToken, createClientViaApi } from "./client-helpers";
import { expectNoAxeViolations, expectToastHeldByPointer, PHONE, signIn, TABLET } from "./helpers";

const cards = (page: Page) => page.getByRole("list", { name: "Clients" }).getByRole("listitem");
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });

test("an empty client book invites the first client", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const existing = (await (
    await request.get("/api/clients?limit=1", { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  // Only meaningful on a database no earlier test has added clients to.
  test.skip(existing.length > 0, "another test added clients before this one ran");
  await signIn(page, ADMIN, "/clients");
  await expect(page.getByText("No clients found")).toBeVisible();
  await page.getByRole("link", { name: "Add Your First Client" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Client" })).toBeVisible();
});

test("staff add, search, edit and delete clients, with every message of the form", async ({ page }) => {
  await signIn(page, ADMIN, "/clients");
  await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
  await expect(page.getByText("Manage your client database")).toBeVisible();
  for (const label of ["Total Clients", "Active This Month", "New This Month"])
    await expect(page.getByText(label, { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Add Client" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Client" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Consent type")).toHaveValue("service");
  await expect(dialog.getByLabel("Active client")).toBeChecked();
  await expect(dialog.getByLabel("GDPR Consent Required")).not.toBeChecked();
  await expect(
    dialog.getByText("I consent to the processing of my personal data for the selected purposes."),
  ).toBeVisible();
  await expect(dialog.getByLabel("Consent type").locator("option")).toHaveText([
    "Service Only",
    "Marketing",
    "Service & Marketing",
  ]);

  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Phone is required")).toBeVisible();
  await expect(dialog.getByText("GDPR consent is required")).toBeVisible();
  await dialog.getByLabel("Email").fill("not-an-email");
  await expect(dialog.getByText("Invalid email")).toBeVisible();

  await dialog.getByLabel("Name", { exact: true }).fill("Harriet Vane");
  await dialog.getByLabel("Phone").fill("07400 900111");
  await dialog.getByLabel("Email").fill("harriet@e2e.test");
  await dialog
    .getByLabel("Notes")
    .fill(
      "Writes detective novels. Prefers the quiet chair by the window, and a strong coffee while the colour develops.",
    );
  await dialog.getByLabel("Consent type").selectOption("marketing");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(page.getByText("Client created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const harriet = card(page, "Harriet Vane");
  await expect(harriet.getByText("0 appointments")).toBeVisible();
  await expect(harriet.getByText("07400 900111")).toBeVisible();
  await expect(harriet.getByText("harriet@e2e.test")).toBeVisible();
  await expect(harriet.locator("p.line-clamp-2")).toHaveCSS("-webkit-line-clamp", "2");

  await page.getByRole("link", { name: "Add Client" }).click();
  await dialog.getByLabel("Name", { exact: true }).fill("Peter Wimsey");
  await dialog.getByLabel("Phone").fill("07400 900222");
  await dialog.getByLabel("Email").fill("peter@e2e.test");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
  // The first client's toast may still be showing: wait for the list itself.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(card(page, "Peter Wimsey")).toBeVisible();

  // Instant search, case-insensitive, by name, phone or e-mail.
  const search = page.getByRole("searchbox", { name: "Search clients" });
  await expect(search).toHaveAttribute("placeholder", "Search clients by name, phone, or email...");
  await search.fill("HARRIET");
  await expect(page).toHaveURL(/\?q=HARRIET$/);
  await expect(card(page, "Harriet Vane")).toBeVisible();
  await expect(card(page, "Peter Wimsey")).toHaveCount(0);
  await search.fill("900222");
  await expect(card(page, "Peter Wimsey")).toBeVisible();
  await expect(card(page, "Harriet Vane")).toHaveCount(0);
  await search.fill("PETER@E2E");
  await expect(card(page, "Peter Wimsey")).toBeVisible();
  await search.fill("nobody-by-this-name");
  await expect(page.getByText("No clients match your search")).toBeVisible();
  await search.fill("e2e.test");
  await expect(cards(page)).toHaveCount(2);

  // Edit keeps the search; the consent box starts ticked.
  await card(page, "Harriet Vane").getByRole("link", { name: "Edit Harriet Vane" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Client" });
  await expect(edit.getByLabel("GDPR Consent Required")).toBeChecked();
  await expect(edit.getByLabel("Consent type")).toHaveValue("marketing");
  await edit.getByLabel("Name", { exact: true }).fill("Harriet D. Vane");
  await edit.getByLabel("Legal basis").selectOption("contract");
  await edit.getByRole("button", { name: "Update Client" }).click();
  await expect(page.getByText("Client updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/clients\?q=e2e\.test$/);
  await expect(card(page, "Harriet D. Vane")).toBeVisible();

  // Delete: SPEC's confirmation, Cancel first.
  await card(page, "Peter Wimsey").getByRole("link", { name: "Delete Peter Wimsey" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Client" });
  await expect(confirm.getByText("This action cannot be undone.")).toBeVisible();
  await expect(confirm.getByText("Peter Wimsey")).toBeVisible();
  await expect(confirm.getByText("07400 900222")).toBeVisible();
  await expect(confirm.getByText("peter@e2e.test")).toBeVisible();
  await expect(
    confirm.getByText("All appointment history and notes for this client will also be permanently removed."),
  ).toBeVisible();
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, "Peter Wimsey")).toBeVisible();
  await card(page, "Peter Wimsey").getByRole("link", { name: "Delete Peter Wimsey" }).click();
  await confirm.getByRole("button", { name: "Delete Client" }).click();
  await expect(page.getByText("Client deleted successfully")).toBeVisible();
  await expect(card(page, "Peter Wimsey")).toHaveCount(0);

  // Escape closes a dialog and returns to the list with its search.
  await card(page, "Harriet D. Vane").getByRole("link", { name: "Edit Harriet D. Vane" }).click();
  await expect(edit).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(/\/clients\?q=e2e\.test$/);
});

test("a stylist edits but does not delete; a display account only reads", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  await createClientViaApi(request, token, { name: "Role Check Client", phone: "07400 900333" });

  await signIn(page, STYLIST, "/clients?q=Role+Check");
  const client = card(page, "Role Check Client");
  await expect(client.getByRole("link", { name: "Edit Role Check Client" })).toBeVisible();
  await expect(client.getByRole("link", { name: /Delete/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add Client" })).toBeVisible();
  await client.getByRole("link", { name: "Edit Role Check Client" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Client" });
  await edit.getByRole("button", { name: "Record Erasure Request" }).click();
  await expect(page.getByText("Erasure request recorded")).toBeVisible();
  await expect(edit.getByText(/^Erasure requested: [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}\./)).toBeVisible();
  await page.goto("/clients/1/delete");
  await expect(page.getByText("Access Denied")).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, DISPLAY, "/clients?q=Role+Check");
  // The name only (display-clients.spec.ts): no erasure badge, no phone link, no Edit or Delete.
  await expect(card(page, "Role Check Client").getByText("Erasure requested")).toHaveCount(0);
  await expect(card(page, "Role Check Client").getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add Client" })).toHaveCount(0);
});

test("more clients than a page: Show more", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const response = await request.post("/api/clients/bulk-import", {
    headers: { Authorization: `Bearer ${token}` },
    data: { clients: Array.from({ length: 60 }, (_, i) => ({ name: `Paging Person ${String(i).padStart(2, "0")}` })) },
  });
  expect((await response.json()).imported).toBe(60);
  await signIn(page, ADMIN, "/clients?q=Paging+Person");
  await expect(cards(page)).toHaveCount(50);
  await page.getByRole("link", { name: "Show more" }).click();
  await expect(cards(page)).toHaveCount(60);
  await expect(page.getByRole("link", { name: "Show more" })).toHaveCount(0);
});

for (const [label, size] of [
  ["tablet", TABLET],
  ["phone", PHONE],
] as const) {
  test(`the clients screens at ${label} size have no accessibility violations`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, ADMIN, "/clients");
    await expect(cards(page).first()).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-clients.png` });
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Add Client" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Client" });
    await dialog.getByRole("button", { name: "Add Client" }).click();
    await expect(dialog.getByText("GDPR consent is required")).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-clients-new.png` });
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await cards(page)
      .first()
      .getByRole("link", { name: /^Delete / })
      .click();
    await expect(page.getByRole("dialog", { name: "Delete Client" })).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-clients-delete.png` });
    await expectNoAxeViolations(page);
  });
}

test("a toast stays while the pointer is on it, and leaves once the pointer does", async ({ page }) => {
  await signIn(page, ADMIN, "/clients");
  await page.getByRole("link", { name: "Add Client" }).click();
  await addClientInDialog(page, "Toasty Heldfast", "07400 900733");
  await expectToastHeldByPointer(page, "Client created successfully");
});
