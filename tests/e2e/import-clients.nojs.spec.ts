// Import Clients without JavaScript: upload, the preview page, confirm.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiToken, createClientViaApi } from "./client-helpers";
import { signIn } from "./helpers";
import { googleCsv, importCsv, outlookCsv } from "./import-csv";

test("upload, preview and confirm an import without JavaScript", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  await createClientViaApi(request, token, {
    name: "Erin Stored Nojs",
    phone: "07400 918888",
    email: "existing.nj@import.test",
  });

  await signIn(page, ADMIN, "/settings/import");
  await page.getByRole("button", { name: "Upload and Preview" }).click();
  await expect(page.getByRole("alert")).toContainText("Please select a valid CSV file.");

  await page.getByLabel("CSV file").setInputFiles({
    name: "salon-clients.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(importCsv("nj", 2), "utf8"),
  });
  await page.getByRole("button", { name: "Upload and Preview" }).click();
  await expect(page.getByText("salon-clients.csv: 6 clients found. The first 5 are shown.")).toBeVisible();
  // Numbered as a spreadsheet shows the file: the column names are row 1, the nameless row 4 counts.
  await expect(page.getByLabel("Row 2").getByText("Quoted, Quentin nj")).toBeVisible();
  await expect(page.getByLabel("Row 6").getByText("Existing Erin nj")).toBeVisible();
  await expect(page.getByLabel("Row 6")).toContainText("Already on file as Erin Stored Nojs: skipped.");
  await expect(page.getByLabel("Row 5")).toContainText("Same client as row 2: skipped.");
  await expect(page.getByRole("list", { name: "Import summary" })).toContainText("2 duplicates to skip");
  await expect(page.getByRole("region", { name: /Duplicates/ }).getByRole("listitem")).toHaveText([
    "Row 5, Dupe Quentin nj: Same client as row 2",
    /^Row 6, Existing Erin nj:/,
  ]);
  await page.getByRole("button", { name: "Import 4 Clients" }).click();
  await expect(page).toHaveURL(/\/settings\/import$/);
  await expect(page.getByText("Import completed")).toBeVisible();
  await expect(page.getByText("Imported 4 clients, 0 errors, 2 duplicates skipped.")).toBeVisible();

  await page.goto("/clients?q=Sixth+Sam+nj");
  await expect(page.getByRole("heading", { name: "Sixth Sam nj" })).toBeVisible();
});

test("Google Contacts and Outlook exports import without JavaScript", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/import");
  for (const [file, text, first] of [
    ["google.csv", googleCsv("gnj", 5), "Gina Google gnj"],
    ["outlook.csv", outlookCsv("onj", 5), "Otto Outlook onj"],
  ] as const) {
    await page.getByLabel("CSV file").setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(text) });
    await page.getByRole("button", { name: "Upload and Preview" }).click();
    await expect(page.getByLabel("Row 2")).toContainText(first);
    await expect(page.getByLabel("Row 2")).toContainText(/07400 950[13]01/);
    await page.getByRole("button", { name: "Import 2 Clients" }).click();
    await expect(page.getByText("Imported 2 clients, 0 errors, 0 duplicates skipped.")).toBeVisible();
  }
  await page.goto("/clients?q=ola.onj%40import.test");
  await expect(page.getByRole("heading", { name: "Ola Outlook onj" })).toBeVisible();
  await page.goto("/clients?q=gus.gnj%40import.test");
  await expect(page.getByRole("heading", { name: "Gus Google gnj" })).toBeVisible();
});
