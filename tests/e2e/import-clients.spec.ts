// Import Clients with JavaScript: the preview shows as soon as a file is chosen.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiToken, createClientViaApi } from "./client-helpers";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";
import { googleCsv, importCsv, olderGoogleCsv, outlookCsv } from "./import-csv";

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
  // Rows are numbered as a spreadsheet shows the file: the column names are row 1, the
  // nameless row 4 still counts, and a quoted field over two lines is one row.
  await expect(page.getByLabel("Row 2").getByText('Likes "short" cuts,\nand tea')).toBeVisible();
  await expect(page.getByLabel("Row 7")).toBeVisible();
  await expect(page.getByLabel("Row 4")).toHaveCount(0);
  await expect(page.getByLabel("Row 8")).toHaveCount(0);
  // Duplicates are marked and counted before anything is imported.
  const summary = page.getByRole("list", { name: "Import summary" });
  await expect(summary).toContainText("4 clients to import");
  await expect(summary).toContainText("2 duplicates to skip");
  await expect(page.getByLabel("Row 5")).toContainText("Same client as row 2: skipped.");
  await expect(page.getByLabel("Row 6")).toContainText("Already on file as Erin Already Here: skipped.");
  await expect(page.getByLabel("Row 6").getByRole("link", { name: "Erin Already Here" })).toBeVisible();
  const duplicates = page.getByRole("region", { name: /Duplicates/ }).getByRole("listitem");
  await expect(duplicates).toHaveText(["Row 5, Dupe Quentin js: Same client as row 2", /^Row 6, Existing Erin js:/]);
  await page.screenshot({ path: "screenshots/tablet-import-preview.png" });

  // The button counts what will be imported, not every row found.
  await expect(page.getByRole("button", { name: "Import 6 Clients" })).toHaveCount(0);
  await page.getByRole("button", { name: "Import 4 Clients" }).click();
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

test("Google Contacts and Outlook exports import with their names, e-mails and phones", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/import");
  const input = page.getByLabel("CSV file");
  await input.setInputFiles(csvFile(googleCsv("gjs", 4), "contacts.csv"));
  await expect(page.getByText("contacts.csv: 2 clients found. The first 2 are shown.")).toBeVisible();
  const gina = page.getByLabel("Row 2");
  await expect(gina).toContainText("Gina Google gjs");
  await expect(gina).toContainText("gina.gjs@import.test");
  await expect(gina).toContainText("07400 940101");
  await expect(gina).not.toContainText(":::");
  await page.getByRole("button", { name: "Import 2 Clients" }).click();
  await expect(page.getByText("Imported 2 clients, 0 errors, 0 duplicates skipped.")).toBeVisible();

  await input.setInputFiles(csvFile(olderGoogleCsv("gjs", 4), "old-google.csv"));
  await expect(page.getByLabel("Row 2")).toContainText("olive.gjs@import.test");
  await page.getByRole("button", { name: "Import 1 Client" }).click();
  await expect(page.getByText("Imported 1 client, 0 errors, 0 duplicates skipped.")).toBeVisible();

  await input.setInputFiles(csvFile(outlookCsv("ojs", 4), "outlook.csv"));
  const otto = page.getByLabel("Row 2");
  await expect(otto).toContainText("Otto Outlook ojs");
  await expect(otto).toContainText("otto.ojs@import.test");
  // The mobile before the home phone: reminders go by SMS. Outlook's 0/0/00 is no birthday.
  await expect(otto).toContainText("07400 940301");
  await expect(otto).not.toContainText("0/0/00");
  await page.getByRole("button", { name: "Import 2 Clients" }).click();
  await expect(page.getByText("Imported 2 clients, 0 errors, 0 duplicates skipped.")).toBeVisible();

  await page.goto("/clients?q=otto.ojs%40import.test");
  await expect(page.getByRole("heading", { name: "Otto Outlook ojs" })).toBeVisible();
  await expect(page.getByText("07400 940301")).toBeVisible();
  await page.goto("/clients?q=gina.gjs%40import.test");
  await expect(page.getByRole("heading", { name: "Gina Google gjs" })).toBeVisible();
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
    await expect(page.getByRole("button", { name: "Import 5 Clients" })).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-settings-import.png`, fullPage: true });
    await expectNoAxeViolations(page);
  });
}
