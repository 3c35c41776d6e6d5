// Import Clients with JavaScript: the preview shows as soon as a file is chosen.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiToken, createClientViaApi } from "./client-helpers";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";
import { importCsv } from "./import-csv";

const csvFile = (text: string, name = "clients.csv", mimeType = "text/csv") => ({
  name,
  mimeType,
  buffer: Buffer.from(text, "utf8"),
});

test("an admin previews a real CSV file and imports it, duplicates skipped", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  await createClientViaApi(request, token, {
    name: "Erin Already Here",
    phone: "07400 919999",
    email: "existing.js@import.test",
  });

  await signIn(page, ADMIN, "/settings/import");
  await expect(page.getByRole("button", { name: "Upload and Preview" })).toHaveCount(0);
  await page.getByLabel("CSV file").setInputFiles(csvFile(importCsv("js", 1)));
  await expect(page.getByText("clients.csv: 6 clients found. The first 5 are shown.")).toBeVisible();
  await expect(page.getByText("1 row has no name and will be skipped.")).toBeVisible();
  const first = page.getByRole("definition").filter({ hasText: "Quoted, Quentin js" });
  await expect(first).toBeVisible();
  await expect(page.getByLabel("Row 1").getByText('Likes "short" cuts,\nand tea')).toBeVisible();
  await expect(page.getByLabel("Row 5")).toBeVisible();
  await expect(page.getByLabel("Row 6")).toHaveCount(0);
  // Duplicates are marked and counted before anything is imported.
  const summary = page.getByRole("list", { name: "Import summary" });
  await expect(summary).toContainText("4 clients to import");
  await expect(summary).toContainText("2 duplicates to skip");
  await expect(page.getByLabel("Row 3")).toContainText("Same client as row 1: skipped.");
  await expect(page.getByLabel("Row 4")).toContainText("Already on file as Erin Already Here: skipped.");
  await expect(page.getByLabel("Row 4").getByRole("link", { name: "Erin Already Here" })).toBeVisible();
  await page.screenshot({ path: "screenshots/tablet-import-preview.png" });

  await page.getByRole("button", { name: "Import 6 Clients" }).click();
  await expect(page.getByText("Import completed")).toBeVisible();
  await expect(page.getByText("Imported 4 clients, 0 errors, 2 duplicates skipped.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Preview" })).toHaveCount(0);

  await page.goto("/clients?q=js%40import.test");
  await expect(page.getByRole("list", { name: "Clients" }).getByRole("listitem")).toHaveCount(3);
  await page.goto("/clients?q=Quoted%2C+Quentin+js");
  const card = page.getByRole("list", { name: "Clients" }).getByRole("listitem");
  await expect(card.getByRole("heading", { name: "Quoted, Quentin js" })).toBeVisible();
  await expect(card.getByText('Likes "short" cuts, and tea')).toBeVisible();
});

test("a file that is not CSV, a broken file and one without names get SPEC's messages", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/import");
  const input = page.getByLabel("CSV file");
  await input.setInputFiles(csvFile("name\nA", "clients.txt", "text/plain"));
  // The message shows in the page and in a toast.
  await expect(page.getByRole("alert").filter({ hasText: "Invalid file" })).toHaveCount(2);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid file" }).first()).toContainText(
    "Please select a valid CSV file.",
  );
  await input.setInputFiles(csvFile('name,notes\n"Unclosed,quote\n'));
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to parse CSV file. Please check the format." }).first(),
  ).toBeVisible();
  await input.setInputFiles(csvFile("email,phone\nsomeone@x.test,0123\n"));
  await expect(page.getByRole("alert").filter({ hasText: "No valid clients" }).first()).toContainText(
    "No valid client records found. Ensure each row has at least a name.",
  );
});

test("the template downloads as client-import-template.csv", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/import");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Template" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("client-import-template.csv");
  const text = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  expect(text.split("\r\n")[0]).toBe("name,email,phone,notes,address,birthday");
});

for (const [label, size] of [
  ["tablet", TABLET],
  ["phone", PHONE],
] as const) {
  test(`the import tab at ${label} size has no accessibility violations`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, ADMIN, "/settings/import");
    await page.getByLabel("CSV file").setInputFiles(csvFile(importCsv("ax", 3)));
    await expect(page.getByRole("button", { name: "Import 6 Clients" })).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-settings-import.png`, fullPage: true });
    await expectNoAxeViolations(page);
  });
}
