// One record per client with JavaScript (decisions 0060, 0061): the duplicate message in the
// Add Client dialog, and an admin merging two records of one client; screenshots of both
// screens at tablet and phone size, checked with axe. Stylists are refused the merge.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { apiToken, createClientViaApi } from "./client-helpers";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";

for (const [label, size] of [
  ["tablet", TABLET],
  ["phone", PHONE],
] as const) {
  test(`the Add Client dialog names and links the existing client of a duplicate phone (${label})`, async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN);
    const existing = await createClientViaApi(request, token, {
      name: `Pia Phone ${label}`,
      phone: label === "tablet" ? "07400 962001" : "07400 962002",
    });
    await page.setViewportSize(size);
    await signIn(page, ADMIN, "/clients");
    await page.getByRole("link", { name: "Add Client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Client" });
    await dialog.getByLabel("Name", { exact: true }).fill(`Pia Twin ${label}`);
    await dialog.getByLabel("Phone").fill(existing.phone.replace(/^0/, "+44 "));
    await dialog.getByLabel("GDPR Consent Required").check();
    await dialog.getByRole("button", { name: "Add Client" }).click();
    await expect(dialog.getByRole("alert")).toContainText(
      `A client with this phone number already exists: Pia Phone ${label}.`,
    );
    await expect(dialog.getByRole("link", { name: "Open the existing client" })).toHaveAttribute(
      "href",
      `/clients/${existing.id}/edit`,
    );
    await page.screenshot({ path: `screenshots/${label}-client-duplicate.png` });
    await expectNoAxeViolations(page);
  });

  test(`an admin merges two records of one client (${label})`, async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const tag = label === "tablet" ? "Tab" : "Pho";
    const kept = await createClientViaApi(request, token, {
      name: `Maria Merge${tag}`,
      phone: label === "tablet" ? "07400 963001" : "07400 963101",
      email: `maria.${tag}@dedupe.test`,
    });
    await createClientViaApi(request, token, {
      name: `M. Merge${tag}`,
      phone: label === "tablet" ? "07400 963002" : "07400 963102",
      notes: "Prefers Saturdays",
    });
    await page.setViewportSize(size);
    await signIn(page, ADMIN, `/clients?q=Merge${tag}`);
    await page.getByRole("link", { name: `Merge Maria Merge${tag}` }).click();
    const dialog = page.getByRole("dialog", { name: "Merge Clients" });
    await dialog.getByRole("searchbox", { name: "Find the client to merge" }).fill(`M. Merge${tag}`);
    await expect(dialog.getByRole("link", { name: `Choose M. Merge${tag}` })).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-client-merge-find.png` });
    await expectNoAxeViolations(page);
    await dialog.getByRole("link", { name: `Choose M. Merge${tag}` }).click();
    await expect(dialog.getByText(`Merge Maria Merge${tag} and M. Merge${tag} into one record?`)).toBeVisible();
    await expect(dialog.getByRole("radio", { name: new RegExp(`Keep Maria Merge${tag}`) })).toBeChecked();
    await page.screenshot({ path: `screenshots/${label}-client-merge.png` });
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Merge Clients" }).click();
    await expect(
      page.getByText(`Maria Merge${tag} is kept; 0 appointments moved from the other record.`),
    ).toBeVisible();
    const cards = page.getByRole("list", { name: "Clients" }).getByRole("listitem");
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole("heading", { name: `Maria Merge${tag}` })).toBeVisible();
    await expect(cards.getByText("Prefers Saturdays")).toBeVisible();
    expect(kept.id).toBeGreaterThan(0);
  });
}

test("a stylist has no Merge button and is refused the merge screen", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const client = await createClientViaApi(request, token, { name: "Stella Nomerge", phone: "07400 964001" });
  await signIn(page, STYLIST, "/clients?q=Stella+Nomerge");
  await expect(page.getByRole("link", { name: "Edit Stella Nomerge" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Merge Stella Nomerge" })).toHaveCount(0);
  const response = await page.goto(`/clients/${client.id}/merge`);
  expect(response?.status()).toBe(403);
});
