// Import Clients without JavaScript: upload, the preview page, confirm.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiToken, createClientViaApi } from "./client-helpers";
import { signIn } from "./helpers";
import { importCsv } from "./import-csv";

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
  await expect(page.getByLabel("Row 1").getByText("Quoted, Quentin nj")).toBeVisible();
  await expect(page.getByLabel("Row 4").getByText("Existing Erin nj")).toBeVisible();
  await expect(page.getByLabel("Row 4")).toContainText("Already on file as Erin Stored Nojs: skipped.");
  await expect(page.getByRole("list", { name: "Import summary" })).toContainText("2 duplicates to skip");
  await expect(page.getByRole("region", { name: /Duplicates/ }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Import 6 Clients" }).click();
  await expect(page).toHaveURL(/\/settings\/import$/);
  await expect(page.getByText("Import completed")).toBeVisible();
  await expect(page.getByText("Imported 4 clients, 0 errors, 2 duplicates skipped.")).toBeVisible();

  await page.goto("/clients?q=Sixth+Sam+nj");
  await expect(page.getByRole("heading", { name: "Sixth Sam nj" })).toBeVisible();
});
